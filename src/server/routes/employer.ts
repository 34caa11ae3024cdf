import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { HttpError } from '../errors';

/** GET /api/v1/employer/:id: an employer or advisor group's name and status (inactive ones too; the client refuses them). */
export function employerRoutes(app: FastifyInstance, db: Db, rateLimit: object): void {
  app.get<{ Params: { id: string } }>(
    '/api/v1/employer/:id',
    {
      config: { rateLimit },
      schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[A-Za-z0-9]{1,9}$' } }, required: ['id'] } },
    },
    async (request) => {
      const { rows } = await db.query<{ name: string; status: string }>('SELECT name, status FROM employer_groups WHERE id = $1', [request.params.id.toUpperCase()]);
      if (!rows[0]) throw new HttpError(404, 'Employer not found');
      return { name: rows[0].name, employerStatus: rows[0].status };
    },
  );
}
