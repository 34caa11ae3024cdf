/** The site's pages: built client files, the SPA routes, the fee page's data, not-found, maintenance. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from '../db/index';
import { feeData } from '../fees';
import { variantOf, variants } from '../validation';
import { isApiPath, normalisedPath } from '../paths';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function pageRoutes(app: FastifyInstance, db: Db, distDir: string, maintenance: boolean): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  // Without a built client (a fresh clone before `npm run build`) the API still works; pages say what to do and keep
  // the root element, so the fee data is written as it will be.
  const index = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><title>HSA Enrollment</title><div id="root"><p>The client is not built: run npm run build.</p></div></html>';
  const page = (reply: FastifyReply, html = index, status = 200) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  if (existsSync(join(distDir, 'assets'))) {
    await app.register(fastifyStatic, { root: join(distDir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', index: false, wildcard: true, preCompressed: true });
  }

  if (maintenance) {
    app.addHook('onRequest', async (request, reply) => {
      const path = normalisedPath(request.url);
      if (isApiPath(request.url)) return reply.code(503).header('cache-control', 'no-store').send({ message: variantOf(request).messages.unavailable });
      if (path !== '/splash' && !path.startsWith('/assets/') && !['/healthz', '/readyz'].includes(path)) return reply.redirect('/splash', 302);
    });
  }

  app.get('/', async (_request, reply) => reply.redirect('/enrollment', 302));
  for (const path of ['/enrollment', '/enrollment/*', '/splash']) app.get(path, async (_request, reply) => page(reply));
  // The vetting page of each variant (a variant may point its vetting address elsewhere, off this site).
  const vettingPaths = new Set(variants.map((v) => v.vettingUrl).filter((url) => url.startsWith('/vetting/')));
  app.get<{ Params: { variant: string } }>('/vetting/:variant', async (request, reply) => page(reply, index, vettingPaths.has(`/vetting/${request.params.variant}`) ? 200 : 404));

  const feePage = async (group: string | undefined, reply: FastifyReply) => {
    const data = await feeData(db, group ?? '999999');
    const html = data ? index.replace('<div id="root">', `<div id="root" data-fees="${escapeAttribute(JSON.stringify(data))}">`) : index;
    return page(reply, html);
  };
  app.get('/feeschedule', async (_request, reply) => feePage(undefined, reply));
  app.get<{ Params: { group: string } }>('/feeschedule/:group', async (request, reply) => feePage(request.params.group, reply));
  app.get<{ Params: { group: string } }>('/feeschedule/:group/:param2', async (request, reply) => feePage(request.params.group, reply));

  app.setNotFoundHandler(async (request, reply) => {
    // Any spelling of an API path gets JSON; nothing of the address is echoed.
    if (isApiPath(request.url)) return reply.code(404).header('cache-control', 'no-store').send({ message: variantOf(request).messages.notFound });
    return page(reply, index, 404);
  });
}
