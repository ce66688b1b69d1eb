/**
 * Directives of the Content-Security-Policy besides script-src and style-src, which Astro writes
 * with the hashes of its own inline scripts (astro.config.mjs passes these to `security.csp`).
 * Nothing is allowed by default: each kind of resource the app loads is named.
 */
export const CSP_DIRECTIVES = [
  "default-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "media-src 'self' blob:",
  "manifest-src 'self'",
] as const;

/** The policy for answers Astro did not render (endpoints, redirects): nothing inline at all. */
const FALLBACK_CSP = [...CSP_DIRECTIVES, "script-src 'self'", "style-src 'self'"].join('; ');

/** Pages this site shows in its own frames (the help centre's documents); every other page refuses framing. */
export function isFrameablePath(pathname: string): boolean {
  return /^\/help\/doc\/[a-z-]+\/?$/.test(pathname);
}

/** `csp` letting this site's own pages frame the answer. */
export function allowSameOriginFraming(csp: string): string {
  return csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
}

/**
 * Security headers for every answer. HSTS only over HTTPS; a CSP only where Astro set none.
 * A frameable answer may be framed by this site's own pages only.
 */
export function securityHeaders(secure: boolean, hasCsp: boolean, frameable = false): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': frameable ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (!hasCsp) headers['Content-Security-Policy'] = frameable ? allowSameOriginFraming(FALLBACK_CSP) : FALLBACK_CSP;
  // Two years with subdomains and preload: eligible for the browsers' HTTPS-only lists.
  if (secure) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains; preload';
  return headers;
}
