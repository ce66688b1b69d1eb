import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { GatewayHttpAnswer, GatewayHttpRequest, GatewayTransport } from './midtrans.ts';

/*
 * The gateway over the network, with node:http and node:https and connections kept open between
 * calls. Every gateway notification makes one status call, so the call's own cost counts: the
 * fetch API's Request, Response and stream objects cost more than the exchange itself does.
 */

/** How long an idle connection to the gateway is kept for the next call. */
const IDLE_MS = 4_000;

/** A transport to the gateway over HTTP or HTTPS (by the URL of each request). */
export function networkTransport(): GatewayTransport {
  const agents = { http: new HttpAgent({ keepAlive: true, timeout: IDLE_MS }), https: new HttpsAgent({ keepAlive: true, timeout: IDLE_MS }) };
  return (request) => exchange(request, agents);
}

function exchange(r: GatewayHttpRequest, agents: { http: HttpAgent; https: HttpsAgent }): Promise<GatewayHttpAnswer> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const onAnswer = (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text });
      });
    };
    const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
    const req = r.url.startsWith('https:')
      ? httpsRequest(r.url, { method: r.method, headers, agent: agents.https }, onAnswer)
      : httpRequest(r.url, { method: r.method, headers, agent: agents.http }, onAnswer);
    req.on('error', fail);
    timer = setTimeout(() => req.destroy(new Error(`The gateway did not answer within ${r.timeoutMs} ms.`)), r.timeoutMs);
    req.end(r.body);
  });
}
