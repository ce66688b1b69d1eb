import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isAllowedPushAddress, PushAddressError, type AddressRule, type Resolve } from './push-address.ts';
import { isPushServiceHost, type PushSettings } from './settings.ts';

/*
 * Where a push may go, checked twice: when a browser subscribes (the endpoint must be a push
 * service of the allowlist) and when a push is sent (again the allowlist, which may have changed
 * since, and the addresses actually connected to).
 */

/** Why an endpoint is refused, or null when pushes may be sent there. */
export function endpointRefusal(endpoint: string, settings: PushSettings): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && settings.allowLoopback)) return 'not https';
  if (url.username || url.password) return 'carries credentials';
  if (!isPushServiceHost(url.hostname, settings.serviceHosts)) return `${url.hostname} is not a push service (PUSH_SERVICE_HOSTS)`;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isAllowedPushAddress(literal, addressRule(url, settings))) return `${literal} is not a public address`;
  return null;
}

/** The addresses a push to `url` may connect to. */
function addressRule(url: URL, settings: PushSettings): AddressRule {
  if (url.protocol === 'http:') return 'loopback-only';
  return settings.allowLoopback ? 'public-or-loopback' : 'public';
}

/** The push service's answer: its status only (its body is not read). */
export interface PushAnswer {
  status: number;
}

/**
 * Posts one push to `endpoint`. The endpoint must pass {@link endpointRefusal}; the connection is
 * made only to an address that passes the address rule (checked by the socket's own lookup, or on
 * the address itself when the endpoint names one), and a redirect is answered, never followed.
 * @throws PushAddressError when the endpoint or the address it resolves to is refused (nothing is sent).
 */
export function postPush(
  endpoint: string,
  message: { method: string; headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number },
  settings: PushSettings,
  resolve?: Resolve,
): Promise<PushAnswer> {
  const refusal = endpointRefusal(endpoint, settings);
  if (refusal) return Promise.reject(new PushAddressError(`the push endpoint is refused: ${refusal}`));
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PushAnswer>((done, fail) => {
    const req = send(url, {
      method: message.method,
      headers: message.headers,
      // A fresh connection each time, looked up (and checked) for this push.
      agent: false,
      lookup: guardedLookup(addressRule(url, settings), resolve),
      signal: AbortSignal.timeout(message.timeoutMs),
    });
    req.on('response', (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0 });
    });
    req.on('error', fail);
    req.end(message.body ?? undefined);
  });
}
