import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompression of the built assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('writes .br and .gz beside compressible files of 1 KB or more only', async () => {
    const css = `body{color:red}\n${'.a{margin:0}\n'.repeat(400)}`;
    mkdirSync(join(dir, '_astro'), { recursive: true });
    writeFileSync(join(dir, '_astro', 'site.abc123.css'), css);
    writeFileSync(join(dir, '_astro', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, '_astro', 'cover.png'), Buffer.alloc(4000));
    expect(await precompressDir(dir)).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, '_astro', 'site.abc123.css.br'))).toString()).toBe(css);
    expect(gunzipSync(readFileSync(join(dir, '_astro', 'site.abc123.css.gz'))).toString()).toBe(css);
    expect(existsSync(join(dir, '_astro', 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, '_astro', 'cover.png.br'))).toBe(false);
  });
});
