// @vitest-environment node
/** The document rules shared by the vetting page and the server: type by first bytes, sizes, message filling. */
import { describe, expect, it } from 'vitest';
import { acceptAttribute, displaySize, documentRules, sniffDocumentType } from '../../src/domain/documents';
import { fill } from '../../src/engine/fill';
import { cleanFileName } from '../../src/server/documents';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('documents', () => {
  it('judges the type by the first bytes alone', () => {
    expect(sniffDocumentType(new TextEncoder().encode('%PDF-1.7\n'))?.id).toBe('pdf');
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0))?.id).toBe('jpeg');
    expect(sniffDocumentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.id).toBe('png');
    for (const head of [bytes(0x89, 0x50, 0x4e, 0x47), new TextEncoder().encode('GIF89a'), new TextEncoder().encode('MZ'), bytes(), new TextEncoder().encode('%PDF')]) {
      expect(sniffDocumentType(head)).toBeNull();
    }
  });

  it('has the limits of the issue, and an accept list of types and extensions', () => {
    expect(documentRules.maxFileBytes).toBe(10 * 1024 * 1024);
    expect(documentRules.maxFiles).toBe(5);
    expect(acceptAttribute.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'image/jpeg', '.jpg', '.jpeg', 'image/png', '.png']));
  });

  it('shows sizes as a person reads them and fills placeholders it knows', () => {
    expect(displaySize(1)).toBe('1 KB');
    expect(displaySize(40 * 1024)).toBe('40 KB');
    expect(displaySize(1024 * 1024 + 4)).toBe('1.0 MB');
    expect(fill('up to {maxFiles}, call {helpPhone}, {other}', { maxFiles: 5, helpPhone: '1-866-555-0100' })).toBe('up to 5, call 1-866-555-0100, {other}');
  });

  it('keeps of a device file name only letters, digits, spaces, dots, dashes and underscores, at most 255 long', () => {
    expect(cleanFileName('a\u0000b\u202Ec.pdf')).toBe('abc.pdf');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(255);
    expect(cleanFileName('\u0007')).toBe('document');
    // Letters, digits, spaces, dots, dashes and underscores only: no markup, no path, no quotes.
    expect(cleanFileName('<img src=x onerror=alert(1)>.pdf')).toBe('img srcx onerroralert1.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('....etcpasswd');
    expect(cleanFileName('José Núñez_licencia-2.jpg')).toBe('José Núñez_licencia-2.jpg');
    expect(cleanFileName('a"b\'c;d&e.png')).toBe('abcde.png');
    expect(cleanFileName(undefined)).toBe('document');
  });
});
