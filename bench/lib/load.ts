import autocannon from 'autocannon';

/** One autocannon run's figures. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/**
 * Runs autocannon against one origin for `seconds` with `connections` keep-alive connections.
 * `path` may be a function, called for every request (to spread requests over many rows).
 */
export async function load(options: {
  origin: string;
  path: string | (() => string);
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const nextPath = typeof options.path === 'function' ? options.path : null;
  const result = await autocannon({
    url: options.origin + (typeof options.path === 'string' ? options.path : '/'),
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    timeout: 10,
    requests: nextPath
      ? [
          {
            setupRequest(req: { path: string }) {
              req.path = nextPath();
              return req;
            },
          },
        ]
      : undefined,
  } as autocannon.Options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
