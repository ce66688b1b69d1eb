/*
 * Gives a page's islands their texts: in an HTML answer, just before each island, a data block
 * with the namespaces that island uses and no earlier block carried. Pages without islands (the
 * public pages, sign-in) are left as they are, so they carry no texts they do not use.
 *
 * Before the island, not at the end of the page: an island may hydrate while the rest of the page
 * is still arriving, and by then the browser has read every block before it. The answer still
 * streams: each piece goes on at once, except an island's opening tag that is not complete yet
 * (or the last few characters, in case the tag's name is split across two pieces).
 */

const ISLAND = '<astro-island';
/** Enough characters to find the tag split across two pieces. */
const HOLD = ISLAND.length - 1;

/** The block for the island whose opening tag is `tag` ('' when nothing new is needed). */
export type BlockFor = (tag: string) => string;

/** The exported name of the component an island's opening tag hydrates, or null. */
export function islandExport(tag: string): string | null {
  return /\scomponent-export="([^"]*)"/.exec(tag)?.[1] ?? null;
}

/** A stream of HTML with `blockFor(tag)` inserted before each island's opening tag. */
export function injectBeforeIslands(blockFor: BlockFor): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = '';
  /** Adds the blocks to the complete islands in `text` and returns what can go on now. */
  const take = (text: string, final: boolean): string => {
    let out = '';
    let from = 0;
    for (;;) {
      const island = text.indexOf(ISLAND, from);
      if (island < 0) break;
      const end = text.indexOf('>', island);
      if (end < 0) {
        if (final) break;
        held = text.slice(island);
        return out + text.slice(from, island);
      }
      out += text.slice(from, island) + blockFor(text.slice(island, end + 1)) + text.slice(island, end + 1);
      from = end + 1;
    }
    const rest = text.slice(from);
    if (final) return out + rest;
    held = rest.slice(-HOLD);
    return out + rest.slice(0, rest.length - held.length);
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = held + decoder.decode(chunk, { stream: true });
      held = '';
      const out = take(text, false);
      if (out) controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      const out = take(held + decoder.decode(), true);
      if (out) controller.enqueue(encoder.encode(out));
    },
  });
}

/** `response` with the texts blocks added when it is an HTML page (only pages with islands change). */
export function withPageTexts(response: Response, blockFor: () => BlockFor): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !type.startsWith('text/html') || response.headers.has('content-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(response.body.pipeThrough(injectBeforeIslands(blockFor())), { status: response.status, statusText: response.statusText, headers });
}
