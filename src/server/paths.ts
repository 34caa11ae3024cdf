/** A request path as the router sees it, for decisions that must not be dodged by spelling (`/%61pi/`, `/API//`). */

/** The path without the query string, as sent (still percent-encoded). */
export const pathOf = (url: string): string => url.split('?', 1)[0].split('#', 1)[0];

/** The path without the query string, decoded (repeatedly: a proxy may decode once more). An undecodable part stays
 *  as sent. */
export function decodedPath(url: string): string {
  let path = pathOf(url);
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break; // a malformed escape: what is decoded so far
    }
  }
  return path;
}

/** Decoded (decodedPath), lower-cased, duplicate slashes and dot segments removed. */
export function normalisedPath(url: string): string {
  const path = decodedPath(url);
  const segments: string[] = [];
  for (const s of path.toLowerCase().replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return `/${segments.join('/')}`;
}

/** Whether a request URL is, in any spelling, under /api. */
export const isApiPath = (url: string): boolean => {
  const path = normalisedPath(url);
  return path === '/api' || path.startsWith('/api/');
};
