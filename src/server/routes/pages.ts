/** The site's pages: built client files, the SPA routes, the fee page's data, not-found, maintenance. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from '../db/index';
import { feeData } from '../fees';
import { variantOf, variants } from '../validation';
import { composePage, wordsOf, loadRenderer, pageLanguage } from '../render';
import { isApiPath, normalisedPath, pathOf } from '../paths';
import { loggedPath } from '../request-log';
import { serverDrawnStep } from '../../domain/site';

export async function pageRoutes(app: FastifyInstance, db: Db, distDir: string, maintenance: boolean): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  // Without a built client (a fresh clone before `npm run build`) the API still works; pages say what to do and keep
  // the root element, so the fee data is written as it will be.
  const index = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><title>HSA Enrollment</title><div id="root"><p>The client is not built: run npm run build.</p></div></html>';
  const renderer = await loadRenderer(distDir);
  /** A page in the request's variant and language; drawn by the server when `draw` (its content is fixed). */
  const page = async (request: FastifyRequest, reply: FastifyReply, { status = 200, draw = false, fees = null }: { status?: number; draw?: boolean; fees?: Record<string, unknown> | null } = {}) => {
    const variant = variantOf(request);
    const language = pageLanguage(request);
    let markup = '';
    if (draw && renderer) {
      try {
        markup = await renderer.renderPage(request.url, { variant, language, words: wordsOf(variant.id, language).value, fees });
      } catch (e) {
        // A page the renderer cannot draw (a build older than the partners this server knows, or a fault of its own) is
        // drawn by the browser, as without a renderer; the operator reads why (the page's path, masked as every logged path is: request-log.ts).
        request.log.error({ path: loggedPath(request.url), reason: e instanceof Error ? e.message : String(e) }, 'the server could not draw the page: the browser draws it');
      }
    }
    const html = composePage(index, { variant, language, markup, fees });
    // The page depends on the language (query, cookie, Accept-Language), the host (the variant) and the encoding.
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie, Host, Accept-Encoding');
    // Compressed as the assets are (its words are most of it): brotli at a fast level, else gzip.
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  if (existsSync(join(distDir, 'assets'))) {
    await app.register(fastifyStatic, { root: join(distDir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', index: false, wildcard: true, preCompressed: true });
  }

  if (maintenance) {
    app.addHook('onRequest', async (request, reply) => {
      const path = normalisedPath(request.url);
      if (isApiPath(request.url)) return reply.code(503).header('cache-control', 'no-store').send({ message: variantOf(request).messages.unavailable });
      if (pathOf(request.url) === '/splash' || path.startsWith('/assets/') || ['/healthz', '/readyz'].includes(path)) return;
      // Every other page, and every other spelling of the splash page's own (/SPLASH, /splash/, /%2e%2e/splash), goes
      // to it, in the language the address asked for.
      const lang = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
      return reply.redirect(lang && /^[a-z]{2}$/.test(lang) ? `/splash?lang=${lang}` : '/splash', 302);
    });
  }

  app.get('/', async (_request, reply) => reply.redirect('/enrollment', 302));
  for (const path of ['/enrollment', '/splash']) app.get(path, async (request, reply) => page(request, reply, { draw: true }));
  // A step of the request's variant is the wizard's (the first drawn here, its fields empty but for the address's
  // group, for the script to take over); any other address under /enrollment is not found: answered 404, and the
  // wizard draws its not-found page.
  app.get<{ Params: { '*': string } }>('/enrollment/*', async (request, reply) => {
    const { steps } = variantOf(request);
    const route = request.params['*'];
    if (!steps.some((s) => s.route === route)) return page(request, reply, { status: 404 });
    return page(request, reply, { draw: serverDrawnStep(steps, route) !== null });
  });
  // The vetting page of each variant (a variant may point its vetting address elsewhere, off this site).
  const vettingPaths = new Set(variants.map((v) => v.vettingUrl).filter((url) => url.startsWith('/vetting/')));
  app.get<{ Params: { variant: string } }>('/vetting/:variant', async (request, reply) => {
    const known = vettingPaths.has(`/vetting/${request.params.variant}`);
    return page(request, reply, known ? {} : { status: 404, draw: true });
  });

  // Without a group in the address, the fees of the host's partner's own group (its groupID default).
  const feePage = async (group: string | undefined, request: FastifyRequest, reply: FastifyReply) => page(request, reply, { draw: true, fees: await feeData(db, group ?? variantOf(request).groupCookie) });
  app.get('/feeschedule', async (request, reply) => feePage(undefined, request, reply));
  app.get<{ Params: { group: string } }>('/feeschedule/:group', async (request, reply) => feePage(request.params.group, request, reply));
  app.get<{ Params: { group: string } }>('/feeschedule/:group/:param2', async (request, reply) => feePage(request.params.group, request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    // Any spelling of an API path gets JSON; nothing of the address is echoed.
    if (isApiPath(request.url)) return reply.code(404).header('cache-control', 'no-store').send({ message: variantOf(request).messages.notFound });
    return page(request, reply, { status: 404, draw: true });
  });
}
