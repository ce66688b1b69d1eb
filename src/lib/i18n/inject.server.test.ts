import { describe, expect, it } from 'vitest';
import { injectBeforeIslands, islandExport, withPageTexts } from './inject.server.ts';
import { pageTextsFor } from './island-texts.server.ts';

/** The first island gets `<B>`, later ones nothing. */
const firstOnly = () => {
  let done = false;
  return () => (done ? '' : ((done = true), '<B>'));
};

async function run(pieces: string[], blockFor: (tag: string) => string = firstOnly()): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(injectBeforeIslands(blockFor))).text();
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
      expect(await run(pieces, firstOnly())).toBe('<html><body><main><B><astro-island uid="1"></astro-island><astro-island uid="2"></astro-island></main></body></html>');
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
    expect(await new Response(source.pipeThrough(injectBeforeIslands(firstOnly()))).text()).toBe('<body>“buku” — <B><astro-island></astro-island>Pencarian “buku” — ok</body>');
  });

  it('touches only HTML answers', async () => {
    const json = new Response('{"a":"<astro-island </body>"}', { headers: { 'content-type': 'application/json' } });
    expect(withPageTexts(json, () => () => '<B>')).toBe(json);
    const page = new Response(withIsland, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '80' } });
    const changed = withPageTexts(page, () => () => '<B>');
    expect(changed.headers.get('content-length')).toBeNull();
    expect(await changed.text()).toContain('<B><astro-island');
  });

  it('sees each island’s whole opening tag, wherever the pieces are cut', async () => {
    const html = '<main><astro-island uid="1" component-export="A"></astro-island><p>x</p><astro-island uid="2" component-export="B"></astro-island></main>';
    for (const pieces of cuts(html)) {
      expect(await run(pieces, (tag) => `[${islandExport(tag)}]`)).toBe(
        '<main>[A]<astro-island uid="1" component-export="A"></astro-island><p>x</p>[B]<astro-island uid="2" component-export="B"></astro-island></main>',
      );
    }
  });
});

describe('the texts a page sends', () => {
  const islands = new Map<string, readonly string[]>([
    ['Grid', ['catalogue', 'common']],
    ['Menu', ['header', 'common']],
  ]);
  const namespaces = (block: string) => (block ? Object.keys(JSON.parse(/>(.*)</.exec(block)![1]!).texts).sort() : []);

  it('gives each island the namespaces it declares that no earlier block carried, in the page’s language', () => {
    const blockFor = pageTextsFor('en', islands);
    const first = blockFor('<astro-island component-export="Grid">');
    expect(namespaces(first)).toEqual(['catalogue', 'common']);
    expect(JSON.parse(/>(.*)</.exec(first)![1]!).lang).toBe('en');
    expect(first).not.toContain('"header"');
    expect(namespaces(blockFor('<astro-island component-export="Menu">'))).toEqual(['header']);
    expect(blockFor('<astro-island component-export="Grid">')).toBe('');
  });

  it('gives an island that declares nothing every namespace still missing', () => {
    const blockFor = pageTextsFor('id', islands);
    blockFor('<astro-island component-export="Grid">');
    const rest = namespaces(blockFor('<astro-island component-export="Unknown">'));
    expect(rest).toContain('header');
    expect(rest).not.toContain('catalogue');
  });
});
