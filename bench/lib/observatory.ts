/*
 * A local scorer of Mozilla HTTP Observatory's published rules ("Tests & Scoring": baseline 100,
 * penalties first, bonuses only when the score without them is at least 90; 135 at most), applied
 * to the headers and HTML of one answer of a server on this machine. It is not the Observatory:
 * its figure says how the answer would score under those rules, nothing more.
 * Tests: CSP, cookies, CORS, referrer policy, X-Content-Type-Options, X-Frame-Options,
 * Subresource Integrity and HSTS. What it leaves out is listed in OBSERVATORY_LEFT_OUT.
 */

/** What the real Observatory checks and this scorer does not. */
export const OBSERVATORY_LEFT_OUT = [
  'the redirection test (HTTP on port 80 to HTTPS), which cannot be run against a loopback server',
  'the Cross-Origin-Resource-Policy test',
  "membership of the HSTS preload list (a header that qualifies for the list is counted instead)",
  'policies given in <meta http-equiv> tags (only response headers are read)',
  'a scan of the deployed site over the network: the answer is asked of the local server as a TLS proxy would ask it (X-Forwarded-Proto: https), so the certificate and the proxy are not seen',
];

export interface ObservatoryInput {
  /** Response headers, names in lower case; set-cookie as a list. */
  headers: Record<string, string | string[] | undefined>;
  /** Set-Cookie lines seen on the way (a sign-in answer, the page itself). */
  cookies: string[];
  html: string;
  /** Whether the answer came over HTTPS (here: behind a TLS proxy that says so). */
  https: boolean;
  /** Access-Control-Allow-Origin/-Credentials answered to a foreign Origin. */
  cors: { allowOrigin: string | null; allowCredentials: boolean; foreignOrigin: string };
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

export interface ObservatoryScore {
  score: number;
  penalties: number;
  bonuses: number;
  tests: TestResult[];
}

const header = (h: ObservatoryInput['headers'], name: string): string | null => {
  const v = h[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(', ') : v;
};

/** Directives of a CSP header (first policy wins for repeated directives), or null when unparsable. */
export function parseCsp(value: string): Map<string, string[]> | null {
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (!tokens.length) continue;
    const name = tokens[0]!.toLowerCase();
    if (!/^[a-z-]+$/.test(name)) return null;
    if (!directives.has(name)) directives.set(name, tokens.slice(1).map((t) => t.toLowerCase()));
  }
  return directives.size ? directives : null;
}

function cspTest(input: ObservatoryInput): TestResult {
  const value = header(input.headers, 'content-security-policy');
  if (!value) return { test: 'content-security-policy', result: 'csp-not-implemented', modifier: -25 };
  const csp = parseCsp(value);
  if (!csp) return { test: 'content-security-policy', result: 'csp-header-invalid', modifier: -25 };
  const src = (name: string) => csp.get(name) ?? csp.get('default-src') ?? null;
  const scriptSrc = src('script-src');
  const objectSrc = src('object-src');
  const styleSrc = src('style-src');
  const broad = (list: string[]) => list.some((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:');
  const nonceOrHash = (list: string[]) => list.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  const insecure = (list: string[] | null) => !!list?.some((s) => s === 'http:' || s.startsWith('http://'));
  const unsafeScripts =
    !scriptSrc ||
    !objectSrc ||
    broad(scriptSrc) ||
    broad(objectSrc) ||
    (scriptSrc.includes("'unsafe-inline'") && !nonceOrHash(scriptSrc) && !scriptSrc.includes("'strict-dynamic'"));
  if (unsafeScripts) return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if (input.https && (insecure(scriptSrc) || insecure(objectSrc) || insecure(styleSrc))) {
    return { test: 'content-security-policy', result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  }
  if (scriptSrc.includes("'unsafe-eval'")) return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (input.https && (insecure(src('img-src')) || insecure(src('media-src')))) {
    return { test: 'content-security-policy', result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', modifier: -10 };
  }
  if (styleSrc && (styleSrc.includes("'unsafe-inline'") || broad(styleSrc))) {
    return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  }
  const defaultSrc = csp.get('default-src');
  if (defaultSrc && defaultSrc.length === 1 && defaultSrc[0] === "'none'") {
    return { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  }
  return { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
  session: boolean;
}

function parseCookie(line: string): Cookie {
  const [pair, ...attributes] = line.split(';');
  const name = pair!.split('=')[0]!.trim();
  const attrs = attributes.map((a) => a.trim().toLowerCase());
  const sameSite = attrs.find((a) => a.startsWith('samesite='))?.slice(9) ?? null;
  // Observatory's session cookies: names with "login" or "sess"; here also the token cookies.
  const session = /login|sess|token|auth/i.test(name);
  return { name, secure: attrs.includes('secure'), httpOnly: attrs.includes('httponly'), sameSite, session };
}

function cookieTest(input: ObservatoryInput, hsts: boolean): TestResult {
  const cookies = input.cookies.map(parseCookie);
  const t = (result: string, modifier: number): TestResult => ({ test: 'cookies', result, modifier });
  if (!cookies.length) return t('cookies-not-found', 0);
  if (cookies.some((c) => c.session && !c.secure && !hsts)) return t('cookies-session-without-secure-flag', -40);
  if (cookies.some((c) => c.session && !c.httpOnly)) return t('cookies-session-without-httponly-flag', -30);
  if (cookies.some((c) => /csrf/i.test(c.name) && !c.sameSite)) return t('cookies-anticsrf-without-samesite-flag', -20);
  if (cookies.some((c) => c.sameSite !== null && !['strict', 'lax', 'none'].includes(c.sameSite))) return t('cookies-samesite-flag-invalid', -20);
  if (cookies.some((c) => !c.secure && !hsts)) return t('cookies-without-secure-flag', -20);
  if (cookies.some((c) => c.session && !c.secure)) return t('cookies-session-without-secure-flag-but-protected-by-hsts', -10);
  if (cookies.some((c) => !c.secure)) return t('cookies-without-secure-flag-but-protected-by-hsts', -5);
  if (cookies.every((c) => c.sameSite === 'strict' || c.sameSite === 'lax')) return t('cookies-secure-with-httponly-sessions-and-samesite', 5);
  return t('cookies-secure-with-httponly-sessions', 0);
}

function corsTest(input: ObservatoryInput): TestResult {
  const { allowOrigin, allowCredentials, foreignOrigin } = input.cors;
  const t = (result: string, modifier: number): TestResult => ({ test: 'cross-origin-resource-sharing', result, modifier });
  if (!allowOrigin) return t('cross-origin-resource-sharing-not-implemented', 0);
  if (allowOrigin === foreignOrigin && allowCredentials) return t('cross-origin-resource-sharing-implemented-with-universal-access', -50);
  if (allowOrigin === '*') return t('cross-origin-resource-sharing-implemented-with-public-access', 0);
  return t('cross-origin-resource-sharing-implemented-with-restricted-access', 0);
}

function referrerTest(input: ObservatoryInput): TestResult {
  const value = header(input.headers, 'referrer-policy');
  const t = (result: string, modifier: number): TestResult => ({ test: 'referrer-policy', result, modifier });
  if (!value) return t('referrer-policy-not-implemented', 0);
  // The last recognised value of a list is the one browsers apply.
  const known = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin', 'no-referrer-when-downgrade', 'origin', 'origin-when-cross-origin', 'unsafe-url'];
  const values = value.toLowerCase().split(',').map((v) => v.trim()).filter((v) => known.includes(v));
  const policy = values.at(-1);
  if (!policy) return t('referrer-policy-header-invalid', -5);
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(policy)) return t('referrer-policy-private', 5);
  if (policy === 'no-referrer-when-downgrade') return t('referrer-policy-no-referrer-when-downgrade', 0);
  return t('referrer-policy-unsafe', -5);
}

function nosniffTest(input: ObservatoryInput): TestResult {
  const value = header(input.headers, 'x-content-type-options');
  const t = (result: string, modifier: number): TestResult => ({ test: 'x-content-type-options', result, modifier });
  if (!value) return t('x-content-type-options-not-implemented', -5);
  return value.trim().toLowerCase() === 'nosniff' ? t('x-content-type-options-nosniff', 0) : t('x-content-type-options-header-invalid', -5);
}

function framingTest(input: ObservatoryInput): TestResult {
  const t = (result: string, modifier: number): TestResult => ({ test: 'x-frame-options', result, modifier });
  const csp = parseCsp(header(input.headers, 'content-security-policy') ?? '');
  if (csp?.has('frame-ancestors')) return t('x-frame-options-implemented-via-csp', 5);
  const value = header(input.headers, 'x-frame-options');
  if (!value) return t('x-frame-options-not-implemented', -20);
  const v = value.trim().toLowerCase();
  if (v === 'deny' || v === 'sameorigin') return t('x-frame-options-sameorigin-or-deny', 0);
  if (v.startsWith('allow-from')) return t('x-frame-options-allow-from-origin', 0);
  return t('x-frame-options-header-invalid', -20);
}

function sriTest(input: ObservatoryInput): TestResult {
  const t = (result: string, modifier: number): TestResult => ({ test: 'subresource-integrity', result, modifier });
  const type = header(input.headers, 'content-type') ?? '';
  if (!type.includes('html')) return t('sri-not-implemented-response-not-html', 0);
  const scripts = [...input.html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attrs) => /\bsrc\s*=/.test(attrs));
  if (!scripts.length) return t('sri-not-implemented-but-no-scripts-loaded', 0);
  const external = scripts.filter((attrs) => /\bsrc\s*=\s*["']?(https?:)?\/\//i.test(attrs));
  const withIntegrity = scripts.filter((attrs) => /\bintegrity\s*=/.test(attrs));
  if (withIntegrity.length === scripts.length) return t(external.length ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-implemented-and-all-scripts-loaded-securely', 5);
  if (!external.length) return t('sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0);
  return t('sri-not-implemented-but-external-scripts-loaded-securely', -5);
}

function hstsTest(input: ObservatoryInput): TestResult {
  const t = (result: string, modifier: number): TestResult => ({ test: 'strict-transport-security', result, modifier });
  if (!input.https) return t('hsts-not-implemented-no-https', -20);
  const value = header(input.headers, 'strict-transport-security');
  if (!value) return t('hsts-not-implemented', -20);
  const maxAge = /max-age\s*=\s*"?(\d+)/i.exec(value);
  if (!maxAge) return t('hsts-header-invalid', -20);
  const age = Number(maxAge[1]);
  if (age < 15_768_000) return t('hsts-implemented-max-age-less-than-six-months', -10);
  // The preload list cannot hold a loopback host: a header that qualifies for it is counted.
  if (/preload/i.test(value) && /includesubdomains/i.test(value) && age >= 31_536_000) return t('hsts-preloaded (header qualifies)', 5);
  return t('hsts-implemented-max-age-at-least-six-months', 0);
}

export function scoreObservatory(input: ObservatoryInput): ObservatoryScore {
  const hsts = hstsTest(input);
  const tests = [cspTest(input), cookieTest(input, hsts.modifier >= 0), corsTest(input), referrerTest(input), nosniffTest(input), framingTest(input), sriTest(input), hsts];
  const penalties = tests.filter((t) => t.modifier < 0).reduce((a, t) => a + t.modifier, 0);
  const bonusSum = tests.filter((t) => t.modifier > 0).reduce((a, t) => a + t.modifier, 0);
  const base = Math.max(0, 100 + penalties);
  const bonuses = base >= 90 ? bonusSum : 0;
  return { score: base + bonuses, penalties, bonuses, tests };
}
