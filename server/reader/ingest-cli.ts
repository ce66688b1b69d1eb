import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { MAX_BOOK_BYTES } from '../../src/lib/reader/schema.ts';
import { IngestError } from './errors.ts';
import type { IngestInput, IngestResult } from './ingest.ts';
import { ingestThroughServer, liveLockHolder } from './ingest-handoff.ts';

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
  result =
    holder === null
      ? await ingestHere()
      : await ingestThroughServer<IngestResult>({
          dataDir: config.dataDir,
          pid: holder,
          server: values.server,
          fields: {
            ...Object.fromEntries((['title', 'author', 'category', 'epustaka', 'password', 'description', 'publisher'] as const).map((key) => [key, input[key]])),
            file_name: input.fileName,
            drm: String(input.drm),
            copies: input.copies === undefined ? undefined : String(input.copies),
          },
          files: { file: { bytes: input.file, name: input.fileName } },
        });
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
