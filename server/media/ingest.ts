import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import type { Db } from '../db/client.ts';
import { IngestError } from '../reader/errors.ts';
import { resolveEpustaka } from '../reader/ingest.ts';
import { MAX_AUDIO_BYTES, MAX_VIDEO_BYTES, type MediaType } from '../../src/lib/media/rules.ts';
import { mediaPrefix, THUMBNAIL_OBJECT } from './store.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { stageObjects } from '../storage/staging.ts';

/*
 * Adding a video or an audio item (`npm run ingest -- lesson.webm --title … --epustaka …`): the
 * file is checked by its signature against its extension and by its size (audio 50 MB, video
 * 250 MB, spec 01 §5), its duration is read with music-metadata (a file without a readable
 * duration, or whose data ends before its stated length, is refused), a thumbnail is taken
 * from the video with ffmpeg when the machine has it (or given with --thumbnail), and the files
 * and rows are written so that a refused file leaves nothing behind.
 */

export interface MediaIngestInput {
  file: Uint8Array;
  fileName: string;
  title?: string;
  description?: string;
  epustaka?: string;
  /** A JPEG picture; without one, a frame of a video when ffmpeg is at hand. */
  thumbnail?: Uint8Array;
  createdAt?: Date;
}

export interface MediaIngestResult {
  id: string;
  type: MediaType;
  title: string;
  duration: number;
  extension: string;
  content_type: string;
  size: number;
  has_thumbnail: boolean;
  epustaka_id: string;
  epustaka_name: string;
}

type Container = 'matroska' | 'ogg' | 'mp4' | 'mp3';

/** What each accepted extension must be, and what it is served as. */
const KINDS: Record<string, { container: Container; type: MediaType; mime: string }> = {
  webm: { container: 'matroska', type: 'video', mime: 'video/webm' },
  mp4: { container: 'mp4', type: 'video', mime: 'video/mp4' },
  m4v: { container: 'mp4', type: 'video', mime: 'video/mp4' },
  ogg: { container: 'ogg', type: 'audio', mime: 'audio/ogg' },
  opus: { container: 'ogg', type: 'audio', mime: 'audio/ogg' },
  oga: { container: 'ogg', type: 'audio', mime: 'audio/ogg' },
  m4a: { container: 'mp4', type: 'audio', mime: 'audio/mp4' },
  mp3: { container: 'mp3', type: 'audio', mime: 'audio/mpeg' },
};

export const MEDIA_EXTENSIONS = Object.keys(KINDS);

/** True when a file name has a media extension (the ingest command routes on it). */
export function isMediaFileName(name: string): boolean {
  return MEDIA_EXTENSIONS.includes(extensionOf(name));
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The container a file's first bytes say it is. */
export function sniffContainer(bytes: Uint8Array): Container | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'matroska';
  if (at(0, 0x4f, 0x67, 0x67, 0x53)) return 'ogg';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'mp4';
  if (at(0, 0x49, 0x44, 0x33) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  return null;
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Checks a media file and reads its kind and duration; throws an IngestError saying why not. */
export async function inspectMedia(file: Uint8Array, fileName: string): Promise<{ type: MediaType; extension: string; mime: string; duration: number }> {
  const extension = extensionOf(fileName);
  const kind = KINDS[extension];
  if (!kind) throw new IngestError('unsupported_media', `${fileName}: only ${MEDIA_EXTENSIONS.join(', ')} files are accepted.`);
  const limit = kind.type === 'video' ? MAX_VIDEO_BYTES : MAX_AUDIO_BYTES;
  if (file.byteLength > limit) throw new IngestError('file_too_large', `${fileName} is larger than ${limit / 1024 / 1024} MB, the limit for ${kind.type} files.`);
  if (file.byteLength === 0 || sniffContainer(file) !== kind.container) {
    throw new IngestError('media_mismatch', `${fileName} is not a ${extension} file: its contents do not match its extension.`);
  }
  let duration: number | undefined;
  try {
    const metadata = await parseBuffer(file, { mimeType: kind.mime, size: file.byteLength }, { duration: true, skipCovers: true });
    duration = metadata.format.duration;
    if (kind.type === 'video' && metadata.format.hasVideo === false) throw new IngestError('media_mismatch', `${fileName} has no video track.`);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError('media_unreadable', `${fileName} could not be read (${(error as Error).message}); it may be damaged or truncated.`, { cause: error });
  }
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) {
    throw new IngestError('media_no_duration', `${fileName} has no readable duration; it may be damaged or truncated.`);
  }
  if (kind.container === 'matroska') assertMatroskaComplete(file, fileName);
  if (kind.container === 'ogg') assertOggComplete(file, fileName);
  if (kind.container === 'mp4') assertMp4Complete(file, fileName);
  return { type: kind.type, extension, mime: kind.mime, duration: Math.max(1, Math.round(duration)) };
}

/** A WebM whose Segment says it is longer than the file was cut off while being copied. */
function assertMatroskaComplete(file: Uint8Array, fileName: string): void {
  // EBML header: id (4 bytes) + size (vint) + body; then the Segment id 18 53 80 67 and its size.
  const readVint = (offset: number): { value: number; length: number; unknown: boolean } => {
    const first = file[offset] ?? 0;
    let length = 1;
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
    let value = first & (0xff >> length);
    let allOnes = value === (0xff >> length);
    for (let i = 1; i < length; i++) {
      value = value * 256 + (file[offset + i] ?? 0);
      if (file[offset + i] !== 0xff) allOnes = false;
    }
    return { value, length, unknown: allOnes };
  };
  const header = readVint(4);
  let offset = 4 + header.length + header.value;
  if (file[offset] !== 0x18 || file[offset + 1] !== 0x53 || file[offset + 2] !== 0x80 || file[offset + 3] !== 0x67) return;
  offset += 4;
  const segment = readVint(offset);
  if (!segment.unknown && offset + segment.length + segment.value > file.byteLength) throw truncated(fileName);
}

function truncated(fileName: string): IngestError {
  return new IngestError('media_truncated', `${fileName} ends before its stated length: it is truncated.`);
}

/** An Ogg stream ends with a whole page marked end-of-stream; a cut file does not. */
function assertOggComplete(file: Uint8Array, fileName: string): void {
  let offset = 0;
  let last = -1;
  while (offset + 27 <= file.byteLength) {
    if (file[offset] !== 0x4f || file[offset + 1] !== 0x67 || file[offset + 2] !== 0x67 || file[offset + 3] !== 0x53) throw truncated(fileName);
    const segments = file[offset + 26]!;
    if (offset + 27 + segments > file.byteLength) throw truncated(fileName);
    let body = 0;
    for (let i = 0; i < segments; i++) body += file[offset + 27 + i]!;
    last = offset;
    offset += 27 + segments + body;
  }
  if (offset !== file.byteLength || last < 0 || !(file[last + 5]! & 0x04)) throw truncated(fileName);
}

/** The top-level boxes of an MP4 file fill it exactly. */
function assertMp4Complete(file: Uint8Array, fileName: string): void {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = 0;
  while (offset + 8 <= file.byteLength) {
    let size = view.getUint32(offset);
    if (size === 1 && offset + 16 <= file.byteLength) size = Number(view.getBigUint64(offset + 8));
    else if (size === 0) size = file.byteLength - offset;
    if (size < 8) throw truncated(fileName);
    offset += size;
  }
  if (offset !== file.byteLength) throw truncated(fileName);
}

/** A frame of a video as a JPEG, when ffmpeg is installed; null otherwise. */
function frameOf(file: Uint8Array, extension: string, duration: number): Uint8Array | null {
  const dir = mkdtempSync(join(tmpdir(), 'media-thumb-'));
  try {
    const input = join(dir, `in.${extension}`);
    const output = join(dir, 'thumb.jpg');
    writeFileSync(input, file);
    const at = String(Math.min(1, duration / 2));
    const run = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-ss', at, '-i', input, '-frames:v', '1', '-vf', 'scale=480:-2', '-q:v', '5', output], { timeout: 30_000 });
    if (run.error || run.status !== 0) return null;
    return new Uint8Array(readFileSync(output));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function ingestMedia(db: Db, target: { store: ObjectStore; organizationId: string }, input: MediaIngestInput): Promise<MediaIngestResult> {
  const facts = await inspectMedia(input.file, input.fileName);
  if (input.thumbnail && !isJpeg(input.thumbnail)) throw new IngestError('thumbnail_invalid', 'The thumbnail must be a JPEG picture.');
  const thumbnail = input.thumbnail ?? (facts.type === 'video' ? frameOf(input.file, facts.extension, facts.duration) : null);
  const title = input.title?.trim() || input.fileName.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
  const id = randomUUID();
  const stored = `media.${facts.extension}`;
  const files: [string, Uint8Array][] = [[stored, input.file]];
  if (thumbnail) files.push([THUMBNAIL_OBJECT, thumbnail]);
  // Nothing is written before every check passed; the folder goes again if the rows cannot be.
  const holder = await resolveEpustaka(db, target.organizationId, input.epustaka);
  const staged = await stageObjects(db, target.store, mediaPrefix(id), files);
  const at = (input.createdAt ?? new Date()).toISOString();
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media_items (id, organization_id, media_type, media_title, media_description, media_extension, media_duration,
                                  file_name, file_size, content_type, has_thumbnail, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
        [id, target.organizationId, facts.type, title, input.description ?? null, facts.extension, facts.duration, stored, input.file.byteLength, facts.mime, thumbnail !== null, at],
      );
      await tx.query('INSERT INTO epustaka_media (epustaka_id, media_id, created_at) VALUES ($1, $2, $3)', [holder.id, id, at]);
      await staged.commit(tx);
    });
  } catch (error) {
    await staged.abort();
    throw error;
  }
  return {
    id,
    type: facts.type,
    title,
    duration: facts.duration,
    extension: facts.extension,
    content_type: facts.mime,
    size: input.file.byteLength,
    has_thumbnail: thumbnail !== null,
    epustaka_id: holder.id,
    epustaka_name: holder.name,
  };
}

/** A YouTube video held by an ePustaka: played through the privacy-enhanced embed, muted (spec 03 §2.3). */
export async function ingestYoutube(
  db: Db,
  target: { store: ObjectStore; organizationId: string },
  input: { youtubeId: string; title: string; duration: number; description?: string; epustaka?: string; thumbnail?: Uint8Array },
): Promise<MediaIngestResult> {
  if (!/^[A-Za-z0-9_-]{11}$/.test(input.youtubeId)) throw new IngestError('youtube_invalid', `${input.youtubeId} is not a YouTube video id (11 letters, digits, - or _).`);
  if (!Number.isInteger(input.duration) || input.duration <= 0) throw new IngestError('media_no_duration', 'Give the video\'s duration in whole seconds with --duration.');
  if (!input.title.trim()) throw new IngestError('title_required', 'Give the video a title with --title.');
  if (input.thumbnail && !isJpeg(input.thumbnail)) throw new IngestError('thumbnail_invalid', 'The thumbnail must be a JPEG picture.');
  const holder = await resolveEpustaka(db, target.organizationId, input.epustaka);
  const id = randomUUID();
  const staged = await stageObjects(db, target.store, mediaPrefix(id), input.thumbnail ? [[THUMBNAIL_OBJECT, input.thumbnail]] : []);
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media_items (id, organization_id, media_type, media_title, media_description, media_extension, media_duration, youtube_id, has_thumbnail)
         VALUES ($1, $2, 'video', $3, $4, 'youtube', $5, $6, $7)`,
        [id, target.organizationId, input.title.trim(), input.description ?? null, input.duration, input.youtubeId, input.thumbnail !== undefined],
      );
      await tx.query('INSERT INTO epustaka_media (epustaka_id, media_id) VALUES ($1, $2)', [holder.id, id]);
      await staged.commit(tx);
    });
  } catch (error) {
    await staged.abort();
    throw error;
  }
  return {
    id, type: 'video', title: input.title.trim(), duration: input.duration, extension: 'youtube', content_type: 'text/html', size: 0,
    has_thumbnail: input.thumbnail !== undefined, epustaka_id: holder.id, epustaka_name: holder.name,
  };
}
