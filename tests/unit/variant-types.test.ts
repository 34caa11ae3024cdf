// @vitest-environment node
/** The code's type of a partner's variant.json is made from variants/variant.schema.json by the build, not kept by
 *  hand beside it (src/domain/site.ts uses it). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variantFileType } from '../../src/build/variantTypes';

const schema = JSON.parse(readFileSync('variants/variant.schema.json', 'utf8')) as { properties: Record<string, unknown>; required: string[] };

describe('the variant type', () => {
  it('is what the build made of the schema as it is now', async () => {
    expect(readFileSync('generated/variant-file.ts', 'utf8')).toBe(await variantFileType(schema));
  });
  it('has each field of the schema, required where the schema requires it', async () => {
    const type = await variantFileType(schema);
    for (const name of Object.keys(schema.properties)) expect(type).toMatch(new RegExp(`^"?${name.replace('$', '\\$')}"?${schema.required.includes(name) ? '' : '\\?'}: `, 'm'));
  });
  it('follows a field an analyst adds to the schema', async () => {
    const type = await variantFileType({ ...schema, properties: { ...schema.properties, tagline: { type: 'string', description: 'A line under the title.' } } });
    expect(type).toContain('tagline?: string');
  });
});
