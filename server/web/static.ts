import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the build's hashed assets (`/_astro/*`) from the `.br` or `.gz` copy made at build time,
 * when the browser takes one. Answers true when it has answered; anything else (no copy, another
 * path, a range request) is left to the next handler.
 */
export function createPrecompressedStatic(clientDir: string) {
  const root = normalize(clientDir + sep);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const path = (req.url ?? '/').split('?')[0]!;
    if (!path.startsWith('/_astro/')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    const type = TYPES[extname(decoded)];
    const file = normalize(join(root, decoded));
    if (!type || !file.startsWith(root) || decoded.includes('\0')) return false;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    let size: number;
    try {
      size = statSync(copy).size;
    } catch {
      return false;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': encoding,
      'Content-Length': size,
      Vary: 'Accept-Encoding',
      // The names carry a hash of the content: a new build gets new names.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(copy).pipe(res);
    return true;
  };
}
