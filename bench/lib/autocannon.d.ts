// autocannon ships no types; only what bench/lib/load.ts uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      headers?: Record<string, string>;
      method?: string;
      overallRate?: number;
      amount?: number;
      requests?: Request[];
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: { path: string; headers?: Record<string, string>; body?: string }) => { path: string; headers?: Record<string, string>; body?: string };
      onResponse?: (status: number, body: string) => void;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
