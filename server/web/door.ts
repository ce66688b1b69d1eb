import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLocalClient, isOutboxPath, isPaymentSandboxPath } from '../http/local-client.ts';
import { isOwnHost, isOwnLoopbackHost, type HostPolicy } from '../http/public-origin.ts';
import { KNOWN_METHODS } from '../http/request-guard.ts';

/*
 * What the Node servers refuse before building a web Request, which cannot even express some of
 * it (the WHATWG Request refuses TRACE and CONNECT, so they would become 500s): unknown methods,
 * requests for a host that is not the site's own (the web server), over-long addresses, bodies
 * larger than any route accepts, and the development outbox for anyone not on this machine or
 * not asking for it by the server's own loopback name. Over-long header sections get Node's own 431.
 */

/** Longest request target accepted; longer ones are a 414. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Largest body any route accepts (a 20 MB book with its form fields); larger is a 413. */
export const MAX_BODY_BYTES = 22 * 1024 * 1024;
/** `npm run ingest` hands video (at most 250 MB) to storage/ingest, which checks its secret before reading. */
export const MAX_INGEST_BODY_BYTES = 252 * 1024 * 1024;

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

/**
 * Answers the request here when it must be refused; false lets it through. With `hosts` (the web
 * server), a request whose Host is not one of the site's own is a 421 before any page or the
 * shared cache sees it.
 */
export function refuseAtTheDoor(req: IncomingMessage, res: ServerResponse, options: { hosts?: HostPolicy } = {}): boolean {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!(KNOWN_METHODS as readonly string[]).includes(method)) {
    return refuse(req, res, 405, 'method_not_allowed', 'This method is not allowed.', { Allow: KNOWN_METHODS.join(', ') });
  }
  const secure = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  if (options.hosts && !isOwnHost(req.headers.host, req.socket.localPort, secure, options.hosts)) {
    return refuse(req, res, 421, 'unknown_host', 'This server does not answer for that host name.');
  }
  const url = req.url ?? '/';
  if (url.length > MAX_URL_LENGTH) return refuse(req, res, 414, 'uri_too_long', `The address may be at most ${MAX_URL_LENGTH} characters long.`);
  const path = url.split('?')[0]!;
  const max = path === '/storage/ingest' ? MAX_INGEST_BODY_BYTES : MAX_BODY_BYTES;
  const length = req.headers['content-length'];
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > max) {
    return refuse(req, res, 413, 'payload_too_large', `The request body may be at most ${max / 1024 / 1024} MB.`, { Connection: 'close' });
  }
  // A page in this machine's browser that a rebound DNS name points here names that host, not ours.
  if ((isOutboxPath(path) || isPaymentSandboxPath(path)) && !(isLocalClient(req.socket.remoteAddress, req.headers) && isOwnLoopbackHost(req.headers.host, req.socket.localPort, secure))) {
    return refuse(req, res, 404, 'not_found', 'Not found.');
  }
  return false;
}

function rawAnswer(status: number, reason: string, code: string, message: string, extra = ''): string {
  const body = JSON.stringify({ errors: [{ code, message }] });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Cache-Control: no-store\r\nConnection: close\r\n${extra}\r\n${body}`
  );
}

/**
 * Answers what Node refuses before any request handler runs: a method its parser does not know
 * (405 rather than a bare 400), a header section over the limit (431), a CONNECT (405), and any
 * other malformed request (400), each with a coded body.
 */
export function guardServer(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const allow = `Allow: ${KNOWN_METHODS.join(', ')}\r\n`;
    const answer =
      error.code === 'HPE_INVALID_METHOD'
        ? rawAnswer(405, 'Method Not Allowed', 'method_not_allowed', 'This method is not allowed.', allow)
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? rawAnswer(431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.')
          : rawAnswer(400, 'Bad Request', 'bad_request', 'The request could not be read.');
    socket.end(answer);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end(rawAnswer(405, 'Method Not Allowed', 'method_not_allowed', 'This method is not allowed.', `Allow: ${KNOWN_METHODS.join(', ')}\r\n`));
  });
  return server;
}
