// @vitest-environment node
/** A page the server's renderer cannot draw (a build older than the partners the server knows, or a fault of the
 *  renderer's own) is answered as one the browser draws, never a 500, and the operator's log says why. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../src/server/testing';

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'hsa-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html lang="en"><title>HSA</title><div id="root"><p>drawn by the browser</p></div></html>');
  mkdirSync(join(distDir, 'ssr'));
  writeFileSync(join(distDir, 'ssr', 'ssr.js'), "export async function renderPage() { throw new Error('no such partner in this build'); }\n");
  server = await startServer({ config: { distDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

it('answers 200 with the page for the browser to draw, and logs the renderer\'s reason with the path alone', async () => {
  for (const path of ['/enrollment', '/enrollment/accountholder?group=DEMO100']) {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    const body = await res.text();
    expect(body).toContain('<p>drawn by the browser</p>');
    expect(body).toContain('id="hsa-words"');
  }
  const logged = server.logs().split('\n').filter((line) => line.includes('the server could not draw the page'));
  expect(logged.map((line) => JSON.parse(line) as { level: number; path: string; reason: string }).map(({ level, path, reason }) => ({ level, path, reason }))).toEqual([
    { level: 50, path: '/enrollment', reason: 'no such partner in this build' },
    { level: 50, path: '/enrollment/accountholder', reason: 'no such partner in this build' },
  ]);
});
