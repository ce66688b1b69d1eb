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

/** Security headers for every answer. HSTS only over HTTPS; a CSP only where Astro set none. */
export function securityHeaders(secure: boolean, hasCsp: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (!hasCsp) headers['Content-Security-Policy'] = FALLBACK_CSP;
  // Two years with subdomains and preload: eligible for the browsers' HTTPS-only lists.
  if (secure) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains; preload';
  return headers;
}
