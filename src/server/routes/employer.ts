import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { HttpError } from '../errors';
import { field, variantOf } from '../validation';

/** GET /api/v1/employer/:id: an employer or advisor group's name and status (inactive ones too; the client refuses them). */
export function employerRoutes(app: FastifyInstance, db: Db, rateLimit: object): void {
  app.get<{ Params: { id: string } }>(
    '/api/v1/employer/:id',
    {
      config: { rateLimit },
      schema: { params: { type: 'object', properties: { id: field('groupId') }, required: ['id'] } },
    },
    async (request) => {
      const { rows } = await db.query<{ name: string; status: string }>('SELECT name, status FROM employer_groups WHERE id = $1', [request.params.id.toUpperCase()]);
      if (!rows[0]) throw new HttpError(404, variantOf(request).messages.employerNotFound);
      return { name: rows[0].name, employerStatus: rows[0].status };
    },
  );
}
