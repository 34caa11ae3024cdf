// @vitest-environment node
/** The build-time stand-ins behave as the libraries they replace, for what RJSF asks of them. */
import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import stand from '../../src/app/vendor/uriResolver';
import ajvUcs2length from 'ajv/dist/runtime/ucs2length.js';
import ucs2length from '../../src/app/vendor/ucs2length';

describe('uri resolver stand-in', () => {
  it.each([
    ['http://x.test/a/b.json', '#/definitions/name'],
    ['http://x.test/a/b.json', 'c.json#/x'],
    ['http://x.test/a/b.json', '../d.json'],
    ['http://x.test/a/', 'http://y.test/z.json'],
    ['', '#/definitions/name'],
    ['schema.json', '#/$defs/a'],
  ])('resolve(%s, %s) as fast-uri does', (base, ref) => {
    expect(stand.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });
  it('compares URIs as fast-uri does', () => {
    expect(stand.equal('http://x.test/a.json', 'http://x.test/a.json')).toBe(true);
    expect(stand.equal('http://x.test/a.json', 'http://x.test/b.json')).toBe(false);
    expect(stand.equal('#/a', '#/a')).toBe(fastUri.equal('#/a', '#/a'));
  });
});

describe('ucs2length stand-in', () => {
  // Plain text, accents, astral characters (a surrogate pair each), lone surrogates either way round.
  it.each(['', 'Pat', 'José Ñúñez', '😀', 'a😀b😀', '\ud83d', '\ude00', 'x\ude00\ud83d', '\ud83d\ud83d\ude00'])('counts %j as Ajv does', (value) => {
    expect(ucs2length(value)).toBe(ajvUcs2length(value));
  });
});
