import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLocalClient, isOutboxPath } from '../http/local-client.ts';
import { KNOWN_METHODS } from '../http/request-guard.ts';

/*
 * What the Node servers refuse before building a web Request, which cannot even express some of
 * it (the WHATWG Request refuses TRACE and CONNECT, so they would become 500s): unknown methods,
 * over-long addresses, bodies larger than any route accepts, and the development outbox for
 * anyone not on this machine. Over-long header sections get Node's own 431.
 */

/** Longest request target accepted; longer ones are a 414. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Largest body any route accepts (a 20 MB book with its form fields); larger is a 413. */
export const MAX_BODY_BYTES = 22 * 1024 * 1024;

function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): true {
  const body = JSON.stringify({ errors: [{ code, message }] });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  // Whatever body is still coming is read and dropped, so the client gets its answer rather than
  // a reset connection.
  req.resume();
  return true;
}

/** Answers the request here when it must be refused; false lets it through. */
export function refuseAtTheDoor(req: IncomingMessage, res: ServerResponse): boolean {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!(KNOWN_METHODS as readonly string[]).includes(method)) {
    return refuse(req, res, 405, 'method_not_allowed', 'This method is not allowed.', { Allow: KNOWN_METHODS.join(', ') });
  }
  const url = req.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return refuse(req, res, 414, 'uri_too_long', `The address may be at most ${MAX_URL_LENGTH} characters long.`);
  const length = req.headers['content-length'];
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > MAX_BODY_BYTES) {
    return refuse(req, res, 413, 'payload_too_large', `The request body may be at most ${MAX_BODY_BYTES / 1024 / 1024} MB.`, { Connection: 'close' });
  }
  const path = url.split('?')[0]!;
  if (isOutboxPath(path) && !isLocalClient(req.socket.remoteAddress, req.headers)) {
    return refuse(req, res, 404, 'not_found', 'Not found.');
  }
  return false;
}
