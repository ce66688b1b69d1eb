import { Agent, request as httpRequest } from 'node:http';

/** One HTTP answer with its latency. */
export interface Timed {
  status: number;
  ms: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A keep-alive agent allowing `sockets` parallel connections to one origin. */
export function agent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/** Sends one request and times it from write to the last byte (status 0 on a network error). */
export function timedRequest(
  origin: string,
  method: string,
  path: string,
  options: { agent?: Agent; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Timed> {
  const url = new URL(path, origin);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const started = performance.now();
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '', headers: {} }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error), headers: {} }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Parses a JSON body, or null. */
export function json(body: string): any {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
