import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { IngestError } from '../reader/errors.ts';
import { ingestThroughServer, liveLockHolder } from '../reader/ingest-handoff.ts';
import type { MediaIngestResult } from './ingest.ts';
import { MAX_VIDEO_BYTES } from '../../src/lib/media/rules.ts';

/** `npm run ingest -- <video or audio file> …`: reached from the book ingest command by the file's extension. */

const USAGE = `Usage: npm run ingest -- <file.webm|mp4|m4v|ogg|opus|oga|m4a|mp3> [options]

       npm run ingest -- --youtube <video id> --duration <seconds> --title <text> [options]

Adds a video (at most 250 MB) or an audio item (at most 50 MB) to an ePustaka's collection, or a
YouTube video, played through YouTube's privacy-enhanced embed.

Options:
  --title <text>        title (default: the file name)
  --description <html>  description (simple HTML)
  --epustaka <id|name>  ePustaka holding it (default: the public ePustaka with the most active members)
  --thumbnail <jpg>     picture shown before playing (default: a frame of a video, when ffmpeg is installed)
  --server <url>        the running server to hand the file to (default http://127.0.0.1:$PORT)
  --json                print the result as JSON

With no server running on DATA_DIR, the database there is opened (and created and migrated when
new). While a server holds DATA_DIR, the file is sent to that server instead: only one process
may open the embedded database.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    description: { type: 'string' },
    epustaka: { type: 'string' },
    thumbnail: { type: 'string' },
    youtube: { type: 'string' },
    duration: { type: 'string' },
    server: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`ingest: ${message}`);
  process.exit(1);
}

if (values.help || positionals.length !== (values.youtube ? 0 : 1)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const path = values.youtube ? '' : resolve(positionals[0]!);
if (!values.youtube) {
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    fail(`${path} does not exist or cannot be read.`);
  }
  if (size > MAX_VIDEO_BYTES) fail(`${basename(path)} is larger than 250 MB, the limit for video files.`);
}
let thumbnail: Uint8Array | undefined;
if (values.thumbnail) {
  try {
    thumbnail = new Uint8Array(readFileSync(resolve(values.thumbnail)));
  } catch {
    fail(`${values.thumbnail} does not exist or cannot be read.`);
  }
}

const config = loadConfig();
const holder = config.databaseUrl ? null : liveLockHolder(config.dataDir);
let result: MediaIngestResult;
try {
  result = holder === null ? await ingestHere() : await handOver(holder);
} catch (error) {
  if (error instanceof IngestError) fail(error.message);
  throw error;
}
if (values.json) console.log(JSON.stringify(result));
else {
  console.log(
    `Added "${result.title}" (${result.type}, ${result.duration} s${result.has_thumbnail ? '' : ', no thumbnail'}) as ${result.id} ` +
      `in the ePustaka "${result.epustaka_name}" (${result.epustaka_id}).`,
  );
}
process.exit(0);

/** While a server holds DATA_DIR, it gets the file the way the book ingest hands it books. */
function handOver(pid: number): Promise<MediaIngestResult> {
  const fileName = basename(path);
  return ingestThroughServer<MediaIngestResult>({
    dataDir: config.dataDir,
    pid,
    server: values.server,
    fields: {
      title: values.title,
      description: values.description,
      epustaka: values.epustaka,
      youtube: values.youtube,
      duration: values.duration,
      file_name: values.youtube ? undefined : fileName,
    },
    files: {
      file: values.youtube ? undefined : { bytes: new Uint8Array(readFileSync(path)), name: fileName },
      thumbnail: thumbnail ? { bytes: thumbnail, name: 'thumbnail.jpg' } : undefined,
    },
  });
}

async function ingestHere(): Promise<MediaIngestResult> {
  const [{ bootApi }, { ingestMedia, ingestYoutube }] = await Promise.all([import('../boot.ts'), import('./ingest.ts')]);
  const api = await bootApi(config, { log: (msg) => console.error(`[ingest] ${msg}`) });
  try {
    const target = { store: api.deps.store, organizationId: config.organizationId };
    return values.youtube
      ? await ingestYoutube(api.deps.db, target, {
          youtubeId: values.youtube,
          duration: Number(values.duration),
          title: values.title ?? '',
          description: values.description,
          epustaka: values.epustaka,
          thumbnail,
        })
      : await ingestMedia(api.deps.db, target, {
          file: new Uint8Array(readFileSync(path)),
          fileName: basename(path),
          title: values.title,
          description: values.description,
          epustaka: values.epustaka,
          thumbnail,
        });
  } finally {
    await api.close();
  }
}
