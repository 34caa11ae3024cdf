/** JSON Pointers (RFC 6901): how the check's findings name a place in a file. */

/** One reference token, its '~' and '/' escaped. */
export const pointerToken = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** The pointer of a path of keys. */
export const pointerOf = (path: readonly (string | number)[]): string => path.map((key) => `/${pointerToken(key)}`).join('');
