/** A partner's logo file: what the build and the studio accept, and its size in CSS pixels (the page reserves it, so
 *  nothing shifts as it loads). One home for both: the build refuses what the studio would not take. */

/** What to do about a logo refused. */
export const LOGO_FIX = 'Use an SVG with width and height attributes (in px) and no script, or a PNG, of at most 100 KB';

/** Larger than any header logo needs; the page waits for it. */
export const MAX_LOGO_BYTES = 100 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 'png' or 'svg' by the file's first bytes (not its name), else null. */
export function logoType(bytes: Buffer): 'png' | 'svg' | null {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  return /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg\b/.test(bytes.subarray(0, 2048).toString('utf8')) ? 'svg' : null;
}

/** An SVG's width and height attributes, or a PNG's header: the logo's size in CSS pixels. */
export function imageSize(bytes: Buffer, ext: string): { width: number; height: number } | null {
  if (ext === '.png') return bytes.length > 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  const svg = /<svg\b[^>]*>/.exec(bytes.toString('utf8'))?.[0] ?? '';
  const width = Number(/\swidth="(\d+(?:\.\d+)?)(?:px)?"/.exec(svg)?.[1]);
  const height = Number(/\sheight="(\d+(?:\.\d+)?)(?:px)?"/.exec(svg)?.[1]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** What is wrong with a logo file named `name` (its extension must say what its bytes are), or null. */
export function logoProblem(bytes: Buffer, name: string): string | null {
  const ext = name.toLowerCase().slice(name.lastIndexOf('.'));
  const type = logoType(bytes);
  if (!type || `.${type}` !== ext) return `${name} is not ${ext === '.png' ? 'a PNG' : ext === '.svg' ? 'an SVG' : 'an SVG or a PNG'} file`;
  if (bytes.length > MAX_LOGO_BYTES) return `${name} is ${Math.ceil(bytes.length / 1024)} KB, more than ${MAX_LOGO_BYTES / 1024} KB`;
  // Drawn as an image a script never runs, but an SVG opened on its own would run one: none is taken.
  if (type === 'svg' && /<script\b|\son[a-z]+\s*=|javascript:|<foreignObject\b/i.test(bytes.toString('utf8'))) return `${name} holds a script or an event handler`;
  if (!imageSize(bytes, ext)) return `${name} has no size the build can read`;
  return null;
}
