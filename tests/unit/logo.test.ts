// @vitest-environment node
/** A partner's logo file (src/build/logoFile.ts): what the build and the studio take, and the build refusing the rest,
 *  naming the partner's variant.json and /brand/logo. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSize, logoProblem, MAX_LOGO_BYTES } from '../../src/build/logoFile';
import { compileAll } from '../../scripts/compile-validators';

const svg = (attributes: string, body = '') => Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`);
const png = (width: number, height: number) => {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.write('IHDR', 12);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
};

describe('a logo file', () => {
  it('takes an SVG with its size and a PNG, each under its own extension, and reads their size', () => {
    expect(logoProblem(svg('width="160" height="40"', '<rect width="160" height="40"/>'), 'logo.svg')).toBeNull();
    expect(imageSize(svg('width="160px" height="40"'), '.svg')).toEqual({ width: 160, height: 40 });
    expect(logoProblem(png(320, 80), 'logo.png')).toBeNull();
    expect(imageSize(png(320, 80), '.png')).toEqual({ width: 320, height: 80 });
  });

  it('refuses a file whose bytes are not what its name says, or neither', () => {
    expect(logoProblem(png(320, 80), 'logo.svg')).toBe('logo.svg is not an SVG file');
    expect(logoProblem(svg('width="1" height="1"'), 'logo.png')).toBe('logo.png is not a PNG file');
    expect(logoProblem(Buffer.from('<html><body>hi</body></html>'), 'logo.svg')).toBe('logo.svg is not an SVG file');
    expect(logoProblem(Buffer.from('GIF89a'), 'logo.gif')).toBe('logo.gif is not an SVG or a PNG file');
  });

  it('refuses an SVG that holds a script, an event handler or foreign content, one without a size, and one too large', () => {
    expect(logoProblem(svg('width="1" height="1"', '<script>alert(1)</script>'), 'logo.svg')).toBe('logo.svg holds a script or an event handler');
    expect(logoProblem(svg('width="1" height="1" onload="alert(1)"'), 'logo.svg')).toBe('logo.svg holds a script or an event handler');
    expect(logoProblem(svg('width="1" height="1"', '<a href="javascript:alert(1)">x</a>'), 'logo.svg')).toBe('logo.svg holds a script or an event handler');
    expect(logoProblem(svg('width="1" height="1"', '<foreignObject><p>x</p></foreignObject>'), 'logo.svg')).toBe('logo.svg holds a script or an event handler');
    expect(logoProblem(svg('viewBox="0 0 1 1"'), 'logo.svg')).toBe('logo.svg has no size the build can read');
    expect(logoProblem(svg('width="1" height="1"', ' '.repeat(MAX_LOGO_BYTES)), 'logo.svg')).toMatch(/^logo\.svg is 101 KB, more than 100 KB$/);
  });

  it("stops the build at the partner's logo", () => {
    const dir = mkdtempSync(join(tmpdir(), 'logo-'));
    mkdirSync(join(dir, 'v', 'zeta'), { recursive: true });
    const variant = { id: 'zeta', match: { hostLabels: ['zeta'] }, brand: { bankName: 'B', logo: 'logo.svg' }, helpPhone: '1-800-555-0100', groupCookie: '999999', cancelOnLaterSteps: false, vettingUrl: '/v', links: { home: 'h', privacy: 'p', terms: 't' }, documents: [{ title: 'Schedule of Fees', url: 'c' }], flags: {} };
    writeFileSync(join(dir, 'v', 'zeta', 'variant.json'), JSON.stringify(variant));
    writeFileSync(join(dir, 'v', 'zeta', 'logo.svg'), svg('width="1" height="1" onload="alert(1)"'));
    expect(() => compileAll({ variantDirs: [resolve('variants'), join(dir, 'v')], outDir: join(dir, 'generated') })).toThrow(/zeta[/\\]variant\.json: \/brand\/logo: .*logo\.svg holds a script or an event handler/);
  });
});
