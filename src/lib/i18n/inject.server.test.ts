import { describe, expect, it } from 'vitest';
import { injectBeforeFirstIsland, withPageTexts } from './inject.server.ts';

async function run(pieces: string[], block = '<B>'): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(injectBeforeFirstIsland(block))).text();
}

/** Every way of cutting `html` into two pieces. */
function cuts(html: string): string[][] {
  return Array.from({ length: html.length + 1 }, (_, i) => [html.slice(0, i), html.slice(i)]);
}

describe('the texts block of a page', () => {
  const withIsland = '<html><body><main><astro-island uid="1"></astro-island><astro-island uid="2"></astro-island></main></body></html>';
  const without = '<html><body><main>plain</main></body></html>';

  it('goes just before the first island of a page, wherever the pieces are cut', async () => {
    for (const pieces of cuts(withIsland)) {
      expect(await run(pieces)).toBe('<html><body><main><B><astro-island uid="1"></astro-island><astro-island uid="2"></astro-island></main></body></html>');
    }
  });

  it('is left out of a page without islands, which passes unchanged', async () => {
    for (const pieces of cuts(without)) expect(await run(pieces)).toBe(without);
  });

  it('keeps characters of several bytes whole across pieces', async () => {
    const html = '<body>“buku” — <astro-island></astro-island>Pencarian “buku” — ok</body>';
    const bytes = new TextEncoder().encode(html);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    expect(await new Response(source.pipeThrough(injectBeforeFirstIsland('<B>'))).text()).toBe('<body>“buku” — <B><astro-island></astro-island>Pencarian “buku” — ok</body>');
  });

  it('touches only HTML answers', async () => {
    const json = new Response('{"a":"<astro-island </body>"}', { headers: { 'content-type': 'application/json' } });
    expect(withPageTexts(json, () => '<B>')).toBe(json);
    const page = new Response(withIsland, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '80' } });
    const changed = withPageTexts(page, () => '<B>');
    expect(changed.headers.get('content-length')).toBeNull();
    expect(await changed.text()).toContain('<B><astro-island');
  });
});
