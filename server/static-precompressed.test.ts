import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/support/test-app';

/** The built portal as `npm run build` leaves it: bundles compressed once by build/precompress.ts. */
describe('precompressed static files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'riga ${i}'`).join(', ')}];\n`;
  let ctx: TestContext;

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'export {};\n');
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>Fascicolo</title>${'<p>x</p>'.repeat(300)}`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'build/precompress.ts', dir], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    ctx = await createTestContext('memory://', { staticDir: dir });
    // A child tsx process on a shared machine: slower than a hook's default minute at times.
  }, 180_000);
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files, none of a file under 1 KB', () => {
    const bundle = path.join(dir, 'assets', 'app-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${bundle}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${bundle}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'assets', 'tiny.js.br'))).toBe(false);
  });

  it('sends the brotli copy, else the gzip one, else the file, with its own type and Vary', async () => {
    const get = (encoding: string) =>
      ctx.app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/javascript/);
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('Cache-Control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('sends the shell of a portal page precompressed too', async () => {
    const response = await ctx.app.request('/dossier', {
      headers: { Accept: 'text/html', 'Accept-Encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('Fascicolo');
  });
});
