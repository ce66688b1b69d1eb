import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { MAX_BOOK_BYTES } from '../../src/lib/api/schemas/reader.ts';
import { IngestError } from './errors.ts';
import type { IngestInput, IngestResult } from './ingest.ts';
import { readIngestSecret } from './ingest-secret.ts';

/** How long to wait for a server that holds the data directory but is still starting. */
const STARTUP_WAIT_MS = 120_000;

const USAGE = `Usage: npm run ingest -- <file.pdf|file.epub> [options]

Adds a PDF or EPUB (at most 20 MB) to the catalogue and stores it for the readers.

Options:
  --title <text>        catalogue title (default: the file's own title)
  --author <name>       author (default: the file's own author)
  --category <name>     category, created when missing
  --epustaka <id|name>  ePustaka holding the book (default: the public ePustaka with the
                        most active members, which anyone may join and borrow from)
  --drm                 copy-limited, streamed encrypted to borrowers (default)
  --open                open book, read without a loan
  --copies <n>          copies to lend (DRM books; default 1)
  --password <text>     user password of a protected PDF
  --description <text>  description
  --publisher <text>    publisher
  --server <url>        the running server to hand the file to (default http://127.0.0.1:$PORT)
  --json                print the result as JSON

With no server running on DATA_DIR, the database there is opened (and created and migrated when
new). While a server holds DATA_DIR, the file is sent to that server instead: only one process
may open the embedded database.`;

// A video or audio file goes to the media ingest (server/media/ingest-cli.ts).
if (process.argv.slice(2).some((arg) => arg === '--youtube' || /\.(webm|mp4|m4v|ogg|opus|oga|m4a|mp3)$/i.test(arg))) {
  await import('../media/ingest-cli.ts');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    author: { type: 'string' },
    category: { type: 'string' },
    epustaka: { type: 'string' },
    drm: { type: 'boolean' },
    open: { type: 'boolean' },
    copies: { type: 'string' },
    password: { type: 'string' },
    description: { type: 'string' },
    publisher: { type: 'string' },
    server: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`ingest: ${message}`);
  process.exit(1);
}

if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (values.drm && values.open) fail('choose either --drm or --open.');
const copies = values.copies === undefined ? undefined : Number(values.copies);
if (copies !== undefined && (!Number.isInteger(copies) || copies < 0)) fail('--copies must be a whole number, 0 or more.');

const path = resolve(positionals[0]!);
let size: number;
try {
  size = statSync(path).size;
} catch {
  fail(`${path} does not exist or cannot be read.`);
}
if (size > MAX_BOOK_BYTES) fail(`${basename(path)} is larger than 20 MB; book files may be at most 20 MB.`);

const input: IngestInput = {
  file: new Uint8Array(readFileSync(path)),
  fileName: basename(path),
  title: values.title,
  author: values.author,
  category: values.category,
  epustaka: values.epustaka,
  drm: !values.open,
  copies,
  password: values.password,
  description: values.description,
  publisher: values.publisher,
};

const config = loadConfig();
const holder = config.databaseUrl ? null : liveLockHolder(config.dataDir);
let result: IngestResult;
try {
  result = holder === null ? await ingestHere() : await ingestThroughServer(holder);
} catch (error) {
  if (error instanceof IngestError) fail(error.message);
  throw error;
}
if (values.json) {
  console.log(JSON.stringify(result));
} else {
  console.log(
    `Added "${result.title}" (${result.kind.toUpperCase()}, ${result.pages} ${result.kind === 'pdf' ? 'pages' : 'locations'}, ` +
      `${result.using_drm ? `DRM, ${result.copies} ${result.copies === 1 ? 'copy' : 'copies'}` : 'open'}) as book ${result.book_id} ` +
      `in the ePustaka "${result.epustaka_name}" (${result.epustaka_id}).`,
  );
}
process.exit(0);

async function ingestHere(): Promise<IngestResult> {
  // Loaded only here: the API, PGlite and the PDF and EPUB readers take about half a second to
  // load, which a hand-over to a running server does not need.
  const [{ bootApi }, { ingestBook }] = await Promise.all([import('../boot.ts'), import('./ingest.ts')]);
  const api = await bootApi(config, { log: (msg) => console.error(`[ingest] ${msg}`) });
  try {
    return await ingestBook(api.deps.db, { store: api.deps.store, organizationId: config.organizationId }, input);
  } finally {
    await api.close();
  }
}

async function ingestThroughServer(pid: number): Promise<IngestResult> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  let secret = readIngestSecret(config.dataDir);
  // A server still migrating or seeding writes the secret once its API is built.
  while (!secret && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    secret = readIngestSecret(config.dataDir);
  }
  if (!secret) fail(`process ${pid} holds ${config.dataDir}, but it has no ingest secret; restart that server and try again.`);
  const server = (values.server ?? `http://127.0.0.1:${process.env.PORT || '4321'}`).replace(/\/+$/, '');
  const form = new FormData();
  form.set('secret', secret);
  form.set('file', new Blob([input.file as Uint8Array<ArrayBuffer>]), input.fileName);
  form.set('file_name', input.fileName);
  form.set('drm', String(input.drm));
  for (const key of ['title', 'author', 'category', 'epustaka', 'password', 'description', 'publisher'] as const) {
    if (input[key] !== undefined) form.set(key, input[key]);
  }
  if (input.copies !== undefined) form.set('copies', String(input.copies));
  let response: Response | undefined;
  for (;;) {
    try {
      // The web server refuses cross-site form posts; this one comes from its own origin.
      response = await fetch(`${server}/storage/ingest`, { method: 'POST', body: form, headers: { origin: new URL(server).origin } });
      break;
    } catch (error) {
      // Not listening yet: the server may still be starting.
      if (Date.now() >= deadline) {
        fail(`process ${pid} holds ${config.dataDir}, but no server answers at ${server} (${(error as Error).message}); pass --server <url>.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const body = (await response.json().catch(() => null)) as { data?: IngestResult; errors?: { message: string }[] } | null;
  if (!response.ok || !body?.data) fail(body?.errors?.[0]?.message ?? `the server at ${server} answered ${response.status}.`);
  return body.data;
}

/** The pid of another live process holding the data directory, or null. */
function liveLockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim());
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
