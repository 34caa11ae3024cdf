// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statements } from '../../src/server/db/migrate';

describe("a migration's statements", () => {
  it('end with a semicolon at the end of a line', () => {
    expect(statements('CREATE TABLE a (x int);\n-- a comment\nCREATE INDEX a_x ON a (x);\n')).toEqual(['CREATE TABLE a (x int)', '-- a comment\nCREATE INDEX a_x ON a (x)']);
  });

  it("keep a function's dollar-quoted body whole, semicolons and all", () => {
    const sql = 'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1;\n  RETURN 1;\nEND\n$$;\nSELECT f();\n';
    expect(statements(sql)).toEqual(['CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1;\n  RETURN 1;\nEND\n$$', 'SELECT f()']);
  });

  it('split the enroll functions migration into its two functions', () => {
    const parts = statements(readFileSync('src/server/migrations/011_enroll_functions.sql', 'utf8'));
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => p.match(/FUNCTION (\w+)/)?.[1])).toEqual(['enroll_check', 'enroll_settle']);
  });
});
