/** `npm run studio` (issue 24): the analysts' studio, for the checkout it runs in. A development server of its own on
 *  loopback (never the site's public port, never part of the built site) serving the studio's pages and an API over
 *  the Workspace: the partners, steps and fields, the edits, the preview's build, the diff, and saving. Requests
 *  must come from the studio's own page: the Host must be the studio's loopback address (a DNS name rebound to
 *  127.0.0.1 is refused) and a change must carry the studio's Origin and JSON (which another site's page cannot send
 *  without the browser asking first). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { compileAll } from '../../scripts/compile-validators';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { Workspace, type Edit } from './workspace';
import { languagesIn, partnersOf, stepFields, stepsOf } from './fields';
import { coloursOf, feeAmounts, pageTexts, sectionsIn } from './pages';
import { settingsForm } from './settings';
import { fieldForm } from './fieldForm';
import { definitionNames, newField, newLogo, newPartner, type NewField, type NewLogo } from './additions';
import type { NewVariant } from '../../scripts/variant-new';

const repo = resolve(import.meta.dirname, '../..');
/** The studio's page, under the checkout's root (the development server serves the checkout). */
export const STUDIO_PAGE = '/src/studio/app/index.html';

/** A request from the studio's own page at this address, or the reason it is refused. */
export function refusal(request: Pick<IncomingMessage, 'headers' | 'method'>, port: number): string | null {
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!own.includes(request.headers.host ?? '')) return 'The studio answers only at its own loopback address.';
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (!own.map((h) => `http://${h}`).includes(request.headers.origin ?? '')) return 'The studio takes changes only from its own page.';
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return 'Send JSON.';
  return null;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify(body));
};

function sendLogo(response: ServerResponse, file: string) {
  if (!existsSync(file)) return send(response, 404, { message: 'No such logo.' });
  response.setHeader('content-type', extname(file) === '.svg' ? 'image/svg+xml' : 'image/png');
  // An SVG shown as an image runs no script; opened on its own, this keeps it so.
  response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  response.setHeader('cache-control', 'no-store');
  response.end(readFileSync(file));
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('A change of more than 1 MB is refused.');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

/** The studio's API over a workspace, and the guard in front of every request (pages included). */
/** What a tab hears once another tab or window has opened the studio: one set of changes is kept, the latest tab's. */
export const ELSEWHERE = 'The studio was opened in another tab or window, which now holds the changes: continue there, or reload this page to continue here (what this page has not saved is then dropped).';

function studioApi(workspace: Workspace, port: () => number): Plugin {
  /** The tab whose changes the workspace holds: the one that opened the studio last. */
  let owner = '';
  // The configuration as the last build saw it (partners added in the studio included), else the checkout's.
  const known = () => (existsSync(join(workspace.copyDir, 'variants')) ? workspace.copyDir : workspace.root);
  // A partner's files: the checkout's, or the build's copy for a partner added in the studio and not saved yet.
  const rootOf = (partner: string) => (partnersOf(workspace.root).some((p) => p.id === partner) ? workspace.root : known());
  // The form engine's own words (its error summary's title...), for the studio's forms: the checkout's, in English.
  const engineWords = () => {
    const text = JSON.parse(readFileSync(join(workspace.root, 'schemas/text.json'), 'utf8')) as { form: Record<string, string>; actions: { tryAgain: string } };
    return { ...text.form, tryAgain: text.actions.tryAgain };
  };
  return {
    name: 'hsa-studio-api',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const refused = refusal(request, port());
        if (refused) return send(response, 403, { message: refused });
        const url = new URL(request.url ?? '/', 'http://studio');
        if (url.pathname === '/') {
          response.statusCode = 302;
          response.setHeader('location', STUDIO_PAGE);
          return response.end();
        }
        // The partners' logos, as the latest build ships them (a new partner's included), for the preview.
        const logo = /^\/assets\/brand\/([\w.-]+)$/.exec(url.pathname)?.[1];
        if (logo) return sendLogo(response, join(workspace.latestBuild ?? join(workspace.root, 'generated'), 'public/assets/brand', logo));
        if (!url.pathname.startsWith('/studio-api/')) return next();
        void (async () => {
          try {
            const q = (name: string) => url.searchParams.get(name) ?? '';
            const tab = String(request.headers['x-studio-tab'] ?? '');
            if (url.pathname === '/studio-api/overview') owner = tab;
            else if (tab !== owner) return send(response, 409, { message: ELSEWHERE, elsewhere: true });
            switch (`${request.method} ${url.pathname}`) {
              case 'GET /studio-api/overview':
                // With the partners added in the studio (in its build's copy) beside those on disk.
                return send(response, 200, { languages: languagesIn(workspace.root), sections: sectionsIn(workspace.root), definitions: definitionNames(workspace.root), partners: partnersOf(known()).map((p) => ({ ...p, steps: stepsOf(known(), p.id) })) });
              case 'GET /studio-api/fields': {
                return send(response, 200, { fields: stepFields(rootOf(q('partner')), q('partner'), q('step')) });
              }
              case 'GET /studio-api/page': {
                const root = rootOf(q('partner'));
                return send(response, 200, { texts: pageTexts(root, q('partner'), q('section')), fees: q('section') === 'feeSchedule' ? feeAmounts(root, q('partner')) : [] });
              }
              case 'GET /studio-api/colours': {
                return send(response, 200, { colours: coloursOf(rootOf(q('partner')), repo, q('partner')) });
              }
              case 'GET /studio-api/settings': {
                const form = settingsForm(rootOf(q('partner')), q('partner'), join(workspace.copyDir, 'settings'));
                return send(response, 200, { ...form, module: `/@fs${form.module}`, words: engineWords() });
              }
              case 'GET /studio-api/field-form': {
                const field = stepFields(rootOf(q('partner')), q('partner'), q('step')).find((f) => f.path === q('field'));
                if (!field) return send(response, 404, { message: `The step has no field '${q('field')}'.` });
                const form = fieldForm(field, languagesIn(workspace.root), join(workspace.copyDir, 'settings'));
                return send(response, 200, { ...form, module: `/@fs${form.module}`, words: engineWords() });
              }
              case 'POST /studio-api/partner':
                return send(response, 200, { edits: newPartner(workspace, known(), (await bodyOf(request)) as NewVariant) });
              case 'POST /studio-api/logo':
                return send(response, 200, { edits: newLogo(workspace, known(), (await bodyOf(request)) as NewLogo) });
              case 'POST /studio-api/field':
                return send(response, 200, { edits: newField(workspace, known(), (await bodyOf(request)) as NewField) });
              case 'POST /studio-api/edits': {
                const { edits } = (await bodyOf(request)) as { edits: Edit[] };
                if (!Array.isArray(edits)) return send(response, 400, { message: 'edits must be a list.' });
                workspace.setEdits(edits);
                const built = workspace.build();
                return send(response, 200, { base: `/@fs${built.outDir}`, problems: built.problems, changed: workspace.changedFiles().map((f) => f.file) });
              }
              case 'GET /studio-api/diff':
                return send(response, 200, { diff: workspace.diff() });
              case 'POST /studio-api/save': {
                // The page's changes as they stand when Save is pressed (the last keys may not have been built yet).
                const { edits } = ((await bodyOf(request)) ?? {}) as { edits?: Edit[] };
                if (edits !== undefined && !Array.isArray(edits)) return send(response, 400, { message: 'edits must be a list.' });
                if (edits) workspace.setEdits(edits);
                const saved = workspace.save();
                return 'problems' in saved ? send(response, 409, { message: 'Nothing was saved: correct what the check found first.', problems: saved.problems }) : send(response, 200, saved);
              }
              default:
                return send(response, 404, { message: 'The studio has no such address.' });
            }
          } catch (e) {
            send(response, 400, { message: (e as Error).message });
          }
        })();
      });
    },
  };
}

export interface Studio {
  url: string;
  workspace: Workspace;
  close: () => Promise<void>;
}

/** Starts the studio for a checkout (this one unless given) on 127.0.0.1 (port 0: any free one). */
export async function startStudio({ root = repo, port = 8090 }: { root?: string; port?: number } = {}): Promise<Studio> {
  const workspace = new Workspace(root);
  let server: ViteDevServer | null = null;
  const actualPort = () => {
    const address = server?.httpServer?.address();
    return typeof address === 'object' && address ? address.port : port;
  };
  server = await createServer({
    configFile: false,
    root: repo,
    appType: 'mpa',
    logLevel: 'warn',
    plugins: [react(), studioApi(workspace, actualPort)],
    server: { host: '127.0.0.1', port, strictPort: port !== 0, fs: { allow: [repo, root, join(workspace.copyDir)] }, hmr: false },
    optimizeDeps: { entries: ['src/studio/app/*.tsx'], include: ['ajv/dist/runtime/ucs2length.js'] },
  });
  await server.listen();
  const url = `http://127.0.0.1:${actualPort()}`;
  return {
    url,
    workspace,
    close: async () => {
      await server?.close();
      workspace.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The preview draws with the site's components, which read the built configuration: build it once if it is not.
  if (!existsSync(join(repo, 'generated/index.ts'))) compileAll();
  const studio = await startStudio({ port: Number(process.env.STUDIO_PORT ?? 8090) });
  console.log(`The studio is at ${studio.url}/ (this machine only). Ctrl+C stops it; nothing is saved unless you press Save.`);
  const stop = () => void studio.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
