import { createHash, randomBytes } from 'node:crypto';
import type { ApiDeps } from '../deps.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { locationSlug } from '../../src/lib/qr/rules.ts';
import type { QrCode, QrCreateInput, QrInfo, QrLocationCount } from '../../src/lib/qr/schema.ts';
import { countScan, daySalt, findQrCode, forgetScanVisitors, listQrCandidates, type QrCandidateRow, insertQrCode, listOwnerQrCodes, listScans, softDeleteQrCode, type QrCodeRow, type QrScanRow } from './qr.repository.ts';
import { candidateSources, qrTargetKind } from './targets.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

const codeNotFound = () => notFound('qr_not_found', 'There is no such QR code.');

/** What a code opens, or null when its kind is not served yet or the item is gone. */
async function describeCode(deps: ApiDeps, row: QrCodeRow): Promise<QrInfo | null> {
  const kind = qrTargetKind(row.target_type);
  const target = kind ? await kind.describe(deps.db, row.target_id) : null;
  if (!target) return null;
  return { id: row.id, location_label: row.location_label, target: { type: row.target_type, ...target } };
}

function withCounts(info: QrInfo, row: QrCodeRow, scans: QrScanRow[]): QrCode {
  const locations: QrLocationCount[] = scans
    .filter((scan) => scan.qr_code_id === row.id)
    .map((scan) => ({ location: scan.location, scan_count: Number(scan.scan_count), last_scanned_at: scan.last_scanned_at ? iso(scan.last_scanned_at) : null }));
  return { ...info, created_at: iso(row.created_at), scan_count: locations.reduce((sum, l) => sum + l.scan_count, 0), locations };
}

/** A new code for an item of an ePustaka the caller runs. */
export async function createQrCode(deps: ApiDeps, ownerId: string, input: QrCreateInput): Promise<QrCode> {
  const kind = qrTargetKind(input.target_type);
  if (!kind) throw badRequest('qr_target_unsupported', 'Codes for this kind of content cannot be made yet.', 'target_type');
  if (!(await kind.describe(deps.db, input.target_id))) throw notFound('qr_target_not_found', 'There is no such item.');
  if (!(await kind.ownedBy(deps.db, ownerId, input.target_id))) {
    throw forbidden('qr_not_owner', 'Only the owner of an ePustaka holding the item can make its QR codes.');
  }
  const row = await insertQrCode(deps.db, {
    ownerId,
    targetType: input.target_type,
    targetId: input.target_id,
    locationLabel: input.location_label,
  });
  const info = await describeCode(deps, row);
  return withCounts(info!, row, []);
}

/** The caller's codes, newest first, with their scans per location. */
export async function listQrCodes(deps: ApiDeps, ownerId: string, paging: { limit: number; offset: number }): Promise<{ rows: QrCode[]; total: number }> {
  const page = await listOwnerQrCodes(deps.db, ownerId, paging);
  const scans = await listScans(deps.db, page.rows.map((row) => row.id));
  const rows: QrCode[] = [];
  for (const row of page.rows) {
    const info = await describeCode(deps, row);
    // An item removed since keeps its code listed (it can still be deleted), under a blank title.
    const fallback: QrInfo = {
      id: row.id,
      location_label: row.location_label,
      target: { type: row.target_type, id: row.target_id, title: '', subtitle: null, cover_url: null, is_public: false },
    };
    rows.push(withCounts(info ?? fallback, row, scans));
  }
  return { rows, total: page.total };
}

async function ownCode(deps: ApiDeps, ownerId: string, id: string): Promise<QrCodeRow> {
  const row = await findQrCode(deps.db, id);
  if (!row) throw codeNotFound();
  if (row.owner_id !== ownerId) throw forbidden('qr_not_owner', 'This QR code belongs to someone else.');
  return row;
}

/** One of the caller's codes with its scans (for printing). */
export async function getQrCode(deps: ApiDeps, ownerId: string, id: string): Promise<QrCode> {
  const row = await ownCode(deps, ownerId, id);
  const info = await describeCode(deps, row);
  if (!info) throw notFound('qr_target_not_found', 'The item of this QR code no longer exists.');
  return withCounts(info, row, await listScans(deps.db, [row.id]));
}

export async function deleteQrCode(deps: ApiDeps, ownerId: string, id: string): Promise<void> {
  await ownCode(deps, ownerId, id);
  await softDeleteQrCode(deps.db, id, deps.now());
}

/** webhook/qr-info: what a code opens, for anyone; a deleted code or a gone item is not found. */
export async function resolveQrCode(deps: ApiDeps, id: string): Promise<QrInfo> {
  const row = await findQrCode(deps.db, id);
  const info = row ? await describeCode(deps, row) : null;
  if (!info) throw codeNotFound();
  return info;
}

/** Who scanned, as the request tells: the signed-in account, else the address and the browser. */
export interface ScanVisitor {
  userId?: string;
  address: string | null;
  userAgent: string | null;
}

/** The calendar day in Indonesia's western time (UTC+7), `YYYY-MM-DD`: a visitor counts once per day. */
export function scanDay(now: Date): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Counts one scan, at most once per visitor, code and day. A visitor is the signed-in account,
 * else the address and browser together; either is kept only as a hash with the day's random salt,
 * and the salt and the day's hashes are deleted once the day is over, so nothing says who scanned.
 * A location counts only when it is the code's own (the label it prints); any other counts as no
 * location, so made-up locations neither appear in the counts nor push the real one out.
 * @returns true when the scan was counted.
 */
export async function recordScan(deps: ApiDeps, id: string, location: string | undefined, visitor: ScanVisitor): Promise<boolean> {
  const row = await findQrCode(deps.db, id);
  if (!row) throw codeNotFound();
  const now = deps.now();
  const day = scanDay(now);
  const { salt, created } = await daySalt(deps.db, day, randomBytes(32).toString('base64url'));
  if (created) await forgetScanVisitors(deps.db, day);
  const who = visitor.userId ? `user\n${visitor.userId}` : `client\n${visitor.address ?? ''}\n${visitor.userAgent ?? ''}`;
  const hash = createHash('sha256').update(`${salt}\n${who}`).digest('base64url');
  const registered = locationSlug(row.location_label);
  const slug = locationSlug(location);
  return countScan(deps.db, { codeId: row.id, location: slug !== '' && slug === registered ? slug : '', visitor: hash, day, now });
}

/**
 * What the caller may make codes for: the ePustakas they run, then their books, video, audio and
 * articles. When there are more than `limit`, each kind gets its fair share of the rest, so a
 * library with many books still lists its other items.
 */
export async function listQrTargets(deps: ApiDeps, ownerId: string, q: string | undefined, limit: number): Promise<QrCandidateRow[]> {
  const base = await listQrCandidates(deps.db, ownerId, q, limit);
  const libraries = base.filter((row) => row.type === 'EPUSTAKA');
  const others = await Promise.all(candidateSources().map((kind) => kind.candidates!(deps.db, ownerId, q, limit)));
  const groups = [base.filter((row) => row.type === 'BOOK'), ...others];
  const take = groups.map(() => 0);
  let room = limit - libraries.length;
  while (room > 0 && groups.some((group, i) => take[i]! < group.length)) {
    groups.forEach((group, i) => {
      if (room > 0 && take[i]! < group.length) {
        take[i]! += 1;
        room -= 1;
      }
    });
  }
  return [...libraries, ...groups.flatMap((group, i) => group.slice(0, take[i]))];
}
