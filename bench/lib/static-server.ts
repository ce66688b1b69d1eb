import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The baseline of the public page throughput runs: a plain Node server answering every request with the
 * same bytes and headers the product sent for the page (read once from a file).
 * Usage: node bench/lib/static-server.ts <page.json> <port>
 */
const [file, port] = process.argv.slice(2);
const page = JSON.parse(readFileSync(file!, 'utf8')) as { body: string; headers: Record<string, string> };
const body = Buffer.from(page.body, 'utf8');
const headers = { ...page.headers, 'content-length': String(body.length) };

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log(`static page server on ${port}`));
