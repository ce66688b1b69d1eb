import type { Measure, Row } from '../lib/context.ts';
import { ACCESS_COOKIE } from '../lib/auth.ts';
import { timedRequest, type Timed } from '../lib/http.ts';
import { OBSERVATORY_LEFT_OUT, scoreObservatory, type ObservatoryScore } from '../lib/observatory.ts';

const FOREIGN = 'https://observatory.example';
/** How the rows name the figure: a local scorer, not Mozilla's service. */
const SCORE = "security headers, local scorer of Mozilla Observatory's rules (not the service),";
/** The best modifier of each test. */
const BEST: Record<string, number> = {
  'content-security-policy': 10,
  cookies: 5,
  'referrer-policy': 5,
  'x-frame-options': 5,
  'subresource-integrity': 5,
  'strict-transport-security': 5,
};

const cookiesOf = (res: Timed): string[] => {
  const v = res.headers['set-cookie'];
  return Array.isArray(v) ? v : v ? [v] : [];
};

/**
 * 8. Security headers of the public book page and a signed-in page, scored by a local scorer of
 * Mozilla Observatory's rules (bench/lib/observatory.ts; the rows name what it leaves out). The product is asked as it runs behind a TLS proxy (X-Forwarded-Proto:
 * https), which is how it is deployed; the signed-in page's cookies include those its sign-in set.
 */
export const headersMeasure: Measure = {
  name: 'headers',
  title: 'Security headers',
  build: true,
  async run(ctx) {
    const product = await ctx.product();
    const m = ctx.manifest;
    const proxied = { 'x-forwarded-proto': 'https' };
    const rows: Row[] = [];

    // Sign in through the form once (a demo account of the seeded data) to see the session cookies.
    const form = new URLSearchParams({ email: 'siswa@demo.id', password: 'demo12345', next: '/' }).toString();
    const signIn = await new Promise<Timed>((resolve) => {
      void fetch(product.origin + '/login', {
        method: 'POST',
        redirect: 'manual',
        headers: { ...proxied, origin: product.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      }).then(async (res) => {
        const headers: Record<string, string | string[]> = {};
        res.headers.forEach((value, name) => (headers[name] = value));
        headers['set-cookie'] = res.headers.getSetCookie();
        resolve({ status: res.status, ms: 0, body: await res.text(), headers });
      }, (error) => resolve({ status: 0, ms: 0, body: String(error), headers: {} }));
    });
    const loginCookies = cookiesOf(signIn);
    const signedIn = signIn.status === 303 && loginCookies.some((c) => c.startsWith(`${ACCESS_COOKIE}=`));
    if (!signedIn) ctx.log(`headers: the form sign-in answered ${signIn.status}; scoring the signed-in page without its cookies`);
    const [token] = await ctx.tokens(1);

    const targets: { figure: string; path: string; cookie?: string; extraCookies: string[] }[] = [
      { figure: 'public book page', path: `/book/${m.sampleBookId}`, extraCookies: [] },
    ];
    const booksProbe = await timedRequest(product.origin, 'GET', '/books', { headers: { ...proxied, cookie: `${ACCESS_COOKIE}=${token}` } });
    const signedPath = booksProbe.status === 200 ? '/books' : '/';
    targets.push({ figure: `signed-in page (${signedPath})`, path: signedPath, cookie: `${ACCESS_COOKIE}=${token}`, extraCookies: loginCookies });

    for (const target of targets) {
      const headers: Record<string, string> = { ...proxied, origin: FOREIGN };
      if (target.cookie) headers.cookie = target.cookie;
      const res = await timedRequest(product.origin, 'GET', target.path, { headers });
      if (res.status !== 200) {
        rows.push({ figure: `${SCORE} ${target.figure}`, goal: '≥ 135', measured: 'not available', pass: false, note: `GET ${target.path} answered ${res.status}` });
        continue;
      }
      const allowOrigin = (res.headers['access-control-allow-origin'] as string | undefined) ?? null;
      const score: ObservatoryScore = scoreObservatory({
        headers: res.headers,
        cookies: [...target.extraCookies, ...cookiesOf(res)],
        html: res.body,
        https: true,
        cors: { allowOrigin, allowCredentials: res.headers['access-control-allow-credentials'] === 'true', foreignOrigin: FOREIGN },
      });
      const misses = score.tests.filter((t) => t.modifier < (BEST[t.test] ?? 0));
      rows.push({
        figure: `${SCORE} ${target.figure}`,
        goal: '≥ 135',
        measured: `${score.score} (100 ${score.penalties} + ${score.bonuses} bonus)`,
        pass: score.score >= 135,
        note: [
          misses.length ? `below the best: ${misses.map((t) => `${t.result} (${t.modifier})`).join(', ')}` : '',
          rows.length ? '' : `the scorer leaves out ${OBSERVATORY_LEFT_OUT.join('; ')}`,
        ].filter(Boolean).join('. ') || undefined,
        data: { ...score, misses },
      });
    }
    return rows;
  },
};
