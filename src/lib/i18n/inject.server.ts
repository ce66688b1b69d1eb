/*
 * Gives a page's islands their texts: an HTML answer that has islands gets the data block of its
 * language's texts just before its first island. Pages without islands (the public pages, sign-in)
 * are left as they are, so they carry no texts they do not use.
 *
 * Before the first island, not at the end of the page: an island may hydrate while the rest of the
 * page is still arriving, and by then the browser has read the whole block. The answer still
 * streams: each piece goes on at once, except the last few characters, held back in case the
 * island's tag is split across two pieces.
 */

const ISLAND = '<astro-island';
/** Enough characters to find the tag split across two pieces. */
const HOLD = ISLAND.length - 1;

/** A stream of HTML with `block` inserted before its first island, if it has one. */
export function injectBeforeFirstIsland(block: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = '';
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      let text = held + decoder.decode(chunk, { stream: true });
      held = '';
      if (!done) {
        const island = text.indexOf(ISLAND);
        if (island >= 0) {
          done = true;
          text = text.slice(0, island) + block + text.slice(island);
        } else {
          held = text.slice(-HOLD);
          text = text.slice(0, text.length - held.length);
        }
      }
      if (text) controller.enqueue(encoder.encode(text));
    },
    flush(controller) {
      const rest = held + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** `response` with the texts block added when it is an HTML page with islands. */
export function withPageTexts(response: Response, block: () => string): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !type.startsWith('text/html') || response.headers.has('content-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(response.body.pipeThrough(injectBeforeFirstIsland(block())), { status: response.status, statusText: response.statusText, headers });
}
