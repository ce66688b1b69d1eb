import { TAG_BYTES, deriveStreamKey, openChunk } from './crypto.ts';

/** Bytes of one object of a book (the PDF, or one EPUB resource), fetched in chunks and kept. */
export interface ObjectSource {
  readonly size: number;
  readonly chunkSize: number;
  /** Bytes `begin` (inclusive) to `end` (exclusive). */
  read(begin: number, end: number): Promise<Uint8Array<ArrayBuffer>>;
  /** Starts fetching these chunks now, in one request. */
  prefetch(chunks: number[]): Promise<void>;
  /** Fetches every chunk not yet here, in a few large requests (before a search reads every page). */
  prefetchAll(): Promise<void>;
  /** Total bytes received from the network so far (sealed bytes for DRM books). */
  readonly received: number;
}

/** The loan facts the stream needs (spec 02 §7 body: bookId, userid, epustakaid, borrowkey, url, timestamp). */
export interface Loan {
  bookId: string;
  userId: string;
  epustakaId: string | null;
  borrowKey: string;
  salt: string;
}

/** Thrown when the book cannot be streamed; `status` is the HTTP status (0 without one). */
export class StreamError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Chunks per request when a whole file is fetched ahead (within the server's limit per request). */
const BULK_CHUNKS = 256;

/** The spec's retry budget for a 400 answer (spec 02 §7, §9). */
export const STREAM_RETRIES = 30;

type Fetch = typeof fetch;

async function failure(response: Response): Promise<StreamError> {
  let code = 'stream_failed';
  let message = `The book could not be fetched (${response.status}).`;
  try {
    const body = (await response.json()) as { errors?: { code: string; message: string }[] };
    code = body.errors?.[0]?.code ?? code;
    message = body.errors?.[0]?.message ?? message;
  } catch {
    // Not a coded error body; keep the generic text.
  }
  return new StreamError(response.status, code, message);
}

/** Groups sorted chunk indices into inclusive [first, last] runs. */
export function toRuns(chunks: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const index of [...new Set(chunks)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return runs;
}

interface ChunkFetcher {
  (chunks: number[]): Promise<Map<number, Uint8Array<ArrayBuffer>>>;
}

function createSource(size: number, chunkSize: number, fetchChunks: ChunkFetcher, counter: { received: number }): ObjectSource {
  const total = Math.max(1, Math.ceil(size / chunkSize));
  const cache = new Map<number, Promise<Uint8Array<ArrayBuffer>>>();

  function load(indices: number[]): Promise<void> {
    const missing = indices.filter((i) => i >= 0 && i < total && !cache.has(i));
    if (missing.length === 0) return Promise.resolve();
    const batch = fetchChunks(missing);
    for (const index of missing) {
      const entry = batch.then((chunks) => {
        const data = chunks.get(index);
        if (!data) throw new StreamError(0, 'chunk_missing', `Chunk ${index} did not arrive.`);
        return data;
      });
      // A failed fetch is forgotten, so a retry ("Muat Ulang") asks again.
      entry.catch(() => cache.delete(index));
      cache.set(index, entry);
    }
    return batch.then(() => undefined);
  }

  return {
    size,
    chunkSize,
    get received() {
      return counter.received;
    },
    prefetch: (chunks) => load(chunks),
    async prefetchAll() {
      const missing: number[] = [];
      for (let i = 0; i < total; i++) if (!cache.has(i)) missing.push(i);
      for (let i = 0; i < missing.length; i += BULK_CHUNKS) await load(missing.slice(i, i + BULK_CHUNKS));
    },
    async read(begin, end) {
      const first = Math.floor(begin / chunkSize);
      const last = Math.floor((Math.min(end, size) - 1) / chunkSize);
      const indices: number[] = [];
      for (let i = first; i <= last; i++) indices.push(i);
      void load(indices).catch(() => {});
      const parts = await Promise.all(indices.map((i) => cache.get(i)!));
      const out = new Uint8Array(Math.min(end, size) - begin);
      let offset = 0;
      parts.forEach((part, n) => {
        const chunkStart = (first + n) * chunkSize;
        const from = Math.max(0, begin - chunkStart);
        const to = Math.min(part.length, end - chunkStart);
        out.set(part.subarray(from, to), offset);
        offset += to - from;
      });
      return out;
    },
  };
}

/**
 * POST storage/streamobject for `url` (the chunk runs, or the whole object), with a fresh timestamp
 * on every try; a 400 is retried up to {@link STREAM_RETRIES} times (spec 02 §7).
 */
async function postStream(send: Fetch, loan: Loan, url: string, runs: [number, number][] | undefined, retryDelay = defaultRetryDelay): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await send('/storage/streamobject', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/octet-stream' },
      body: JSON.stringify({
        bookId: loan.bookId,
        userid: loan.userId,
        epustakaid: loan.epustakaId,
        borrowkey: loan.borrowKey,
        url,
        timestamp: Date.now(),
        ...(runs ? { chunks: runs } : {}),
      }),
    });
    if (response.ok) return response;
    if (response.status !== 400 || attempt >= STREAM_RETRIES) throw await failure(response);
    await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
  }
}

/** A short, growing pause before retrying a 400: 0.1 s, 0.2 s, … at most 1 s. */
function defaultRetryDelay(attempt: number): number {
  return Math.min(1000, 100 * (attempt + 1));
}

/** Opens a run of sealed chunks starting at chunk `first` of an object of `size` bytes. */
async function openRun(key: CryptoKey, bytes: Uint8Array<ArrayBuffer>, first: number, last: number, chunkSize: number, size: number, out: Map<number, Uint8Array<ArrayBuffer>>, offset = 0): Promise<number> {
  const opening: Promise<void>[] = [];
  for (let index = first; index <= last; index++) {
    const plainLength = Math.max(0, Math.min(chunkSize, size - index * chunkSize));
    const sealed = bytes.slice(offset, offset + plainLength + TAG_BYTES);
    offset += plainLength + TAG_BYTES;
    opening.push(openChunk(key, index, sealed).then((plain) => void out.set(index, plain)));
  }
  try {
    await Promise.all(opening);
  } catch (cause) {
    throw Object.assign(new StreamError(0, 'decrypt_failed', 'toBuffer failed'), { cause });
  }
  return offset;
}

/**
 * A whole DRM object (an EPUB resource) in one request, opened. Its size comes with the answer.
 */
export async function fetchDrmObject(options: { url: string; object: string; chunkSize: number; loan: Loan; fetch?: Fetch; retryDelay?: (attempt: number) => number }): Promise<Uint8Array<ArrayBuffer>> {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { loan } = options;
  const [response, key] = await Promise.all([
    postStream(send, loan, options.url, undefined, options.retryDelay),
    deriveStreamKey({ borrowKey: loan.borrowKey, salt: loan.salt, bookId: loan.bookId, userId: loan.userId, object: options.object }),
  ]);
  const size = Number(response.headers.get('x-object-size'));
  const chunkSize = Number(response.headers.get('x-chunk-size')) || options.chunkSize;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const total = Math.max(1, Math.ceil(size / chunkSize));
  const chunks = new Map<number, Uint8Array<ArrayBuffer>>();
  await openRun(key, bytes, 0, total - 1, chunkSize, size, chunks);
  const out = new Uint8Array(size);
  for (let index = 0; index < total; index++) out.set(chunks.get(index)!, index * chunkSize);
  return out;
}

/**
 * A DRM object: sealed chunks from POST storage/streamobject, opened with the loan's key. A 400
 * answer is retried with a fresh timestamp up to {@link STREAM_RETRIES} times; other failures
 * reject with a {@link StreamError}.
 */
export function createDrmSource(options: { url: string; size: number; chunkSize: number; loan: Loan; fetch?: Fetch; object: string; retryDelay?: (attempt: number) => number }): ObjectSource {
  const { loan, url, chunkSize, size } = options;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const key = deriveStreamKey({ borrowKey: loan.borrowKey, salt: loan.salt, bookId: loan.bookId, userId: loan.userId, object: options.object });
  const counter = { received: 0 };

  async function request(runs: [number, number][] | undefined): Promise<ArrayBuffer> {
    const response = await postStream(send, loan, url, runs, options.retryDelay);
    const body = await response.arrayBuffer();
    counter.received += body.byteLength;
    return body;
  }

  const fetchChunks: ChunkFetcher = async (chunks) => {
    const runs = toRuns(chunks);
    const total = Math.max(1, Math.ceil(size / chunkSize));
    const whole = runs.length === 1 && runs[0]![0] === 0 && runs[0]![1] === total - 1;
    const [body, cryptoKey] = await Promise.all([request(whole ? undefined : runs), key]);
    const bytes = new Uint8Array(body);
    const out = new Map<number, Uint8Array<ArrayBuffer>>();
    let offset = 0;
    for (const [first, last] of runs) offset = await openRun(cryptoKey, bytes, first, last, chunkSize, size, out, offset);
    return out;
  };
  return createSource(size, chunkSize, fetchChunks, counter);
}

/** An open object: plain HTTP range requests, one per run of chunks. */
export function createOpenSource(options: { url: string; size: number; chunkSize: number; fetch?: Fetch }): ObjectSource {
  const { url, size, chunkSize } = options;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const counter = { received: 0 };
  const fetchChunks: ChunkFetcher = async (chunks) => {
    const out = new Map<number, Uint8Array<ArrayBuffer>>();
    await Promise.all(
      toRuns(chunks).map(async ([first, last]) => {
        const start = first * chunkSize;
        const end = Math.min(size, (last + 1) * chunkSize) - 1;
        const response = await send(url, { credentials: 'same-origin', headers: { range: `bytes=${start}-${end}` } });
        if (!response.ok) throw await failure(response);
        const body = new Uint8Array(await response.arrayBuffer());
        counter.received += body.byteLength;
        // A server that ignores the range sends the whole file.
        const base = response.status === 206 ? start : 0;
        for (let index = first; index <= last; index++) {
          out.set(index, body.slice(index * chunkSize - base, Math.min(size, (index + 1) * chunkSize) - base));
        }
      }),
    );
    return out;
  };
  return createSource(size, chunkSize, fetchChunks, counter);
}
