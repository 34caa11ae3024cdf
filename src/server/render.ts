/** The first response of a page: the built index.html with the page's language, the partner's colours and settings,
 *  the words of the page (so the browser loads no chunk for them) and, for the pages whose content is fixed (welcome, fee
 *  schedule, maintenance, not found), the page itself drawn by the server-side renderer (src/app/ssr.tsx, built to
 *  dist/ssr/ssr.js: one copy, given each page's partner and language). Without that build (a fresh clone, the API
 *  tests) pages are drawn by the browser alone. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { Site } from '../app/site';
import { languages, variants as pageVariants } from '../../generated/index';
import { VARIANT_ELEMENT_ID } from '../engine/variant';
import { acceptedLanguages, type ServerVariant } from './validation';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM, pickLanguage } from '../domain/language';

export type Renderer = { renderPage: (url: string, site: Site) => Promise<string> };

const generated = resolve(import.meta.dirname, '../../generated');
const read = new Map<string, { json: string; value: Site['words'] }>();
/** A variant's words in a language, read once: as JSON safe inside a script element ('<' as its escape, so they can
 *  never close it) and as the object the renderer draws with. */
export function wordsOf(id: string, language: string) {
  const key = `${id}/${language}`;
  if (!read.has(key)) {
    const json = readFileSync(join(generated, id, language, 'words.json'), 'utf8');
    read.set(key, { json: json.replace(/</g, '\\u003c'), value: JSON.parse(json) });
  }
  return read.get(key)!;
}

/** The page's language (src/domain/language.ts): the address's, the session's, the browser's, else English. */
export function pageLanguage(request: FastifyRequest): string {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM];
  return pickLanguage([asked, request.cookies?.[LANGUAGE_COOKIE], ...acceptedLanguages(request)], languages);
}

/** The server-side renderer, if it is built. */
export async function loadRenderer(distDir: string): Promise<Renderer | null> {
  const file = join(distDir, 'ssr', 'ssr.js');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as Renderer) : null;
}

/** A variant's settings as the browser reads them (generated/index.ts), as JSON safe inside a script element. */
const variantJson = new Map(pageVariants.map((v) => [v.id, JSON.stringify(v).replace(/</g, '\\u003c')]));

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PageParts {
  variant: ServerVariant;
  language: string;
  /** The page drawn by the server, or '' for the browser to draw. */
  markup?: string;
  fees?: Record<string, unknown> | null;
}

/** index.html with the page's language, colours, words and markup. */
export function composePage(index: string, { variant, language, markup = '', fees }: PageParts): string {
  const colors = Object.entries(variant.brand.colors ?? {}).map(([name, hex]) => `--${name}:${hex}`).join(';');
  const feesAttribute = fees ? ` data-fees="${escapeAttribute(JSON.stringify(fees))}"` : '';
  const words = wordsOf(variant.id, language);
  // The page's words, and its variant's settings (the browser's script carries no partner's).
  const scripts = `<script type="application/json" id="${VARIANT_ELEMENT_ID}">${variantJson.get(variant.id)}</script><script type="application/json" id="hsa-words">{"language":"${language}","words":${words.json}}</script>`;
  return index
    .replace(/<html lang="[a-z]+"/, `<html lang="${language}"${colors ? ` style="${escapeAttribute(colors)}"` : ''}`)
    // The site's title in the page's language until the script names the page.
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(words.value.text.site.title)}</title>`)
    // The root keeps what it holds (a note that the client is not built) unless the page is drawn here.
    .replace(/<div id="root">([\s\S]*?)<\/div>/, (_whole, inner: string) => `<div id="root"${feesAttribute}>${markup || inner}</div>${scripts}`);
}
