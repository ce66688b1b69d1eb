import { z } from 'zod';
import { limitParam, offsetParam, searchParam, uuidField } from '../contract/params.ts';
import { QR_LIST_LIMIT, QR_LOCATION_MAX, QR_TARGET_TYPES, type QrTargetType } from './rules.ts';

/* QR codes (README "QR codes"): webhook/qr-code, qr-code-list, qr-code-detail, qr-info, qr-scan. */

export const qrCreateSchema = z.object({
  target_type: z.enum(QR_TARGET_TYPES, { error: 'invalid_target_type' }),
  target_id: uuidField('invalid_target_id'),
  location_label: z
    .string({ error: 'invalid_location' })
    .trim()
    .max(QR_LOCATION_MAX, { error: 'location_too_long' })
    .optional()
    .nullable()
    .transform((label) => (label ? label : null)),
});
export type QrCreateInput = z.infer<typeof qrCreateSchema>;

export const qrIdQuerySchema = z.object({ qr_id: uuidField('invalid_qr_id') });

export const qrDeleteSchema = z.object({ id: uuidField('invalid_qr_id') });

export const qrScanQuerySchema = z.object({
  qr_id: uuidField('invalid_qr_id'),
  // Any text is accepted and reduced to a slug; a very long one is cut rather than refused.
  location: z.string().max(500).optional(),
});

export const qrListQuerySchema = z.object({
  limit: limitParam(QR_LIST_LIMIT, 100),
  offset: offsetParam,
});

/** What a code opens, as a visitor may see it. */
export interface QrTarget {
  type: QrTargetType;
  id: string;
  title: string;
  subtitle: string | null;
  cover_url: string | null;
  /** False when only members may see it (a private ePustaka's book). */
  is_public: boolean;
}

/** webhook/qr-info: the code and what it opens (no counts, no owner). */
export interface QrInfo {
  id: string;
  location_label: string | null;
  target: QrTarget;
}

export interface QrLocationCount {
  location: string;
  scan_count: number;
  last_scanned_at: string | null;
}

/** One of the owner's codes, with its scans. */
export interface QrCode extends QrInfo {
  created_at: string;
  scan_count: number;
  locations: QrLocationCount[];
}

export const qrTargetsQuerySchema = z.object({ q: searchParam, limit: limitParam(20, 50) });

/** webhook/qr-targets: something the caller may make a code for. */
export interface QrCandidate {
  type: QrTargetType;
  id: string;
  title: string;
  /** The ePustaka holding a book, video, audio item or article. */
  subtitle: string | null;
}
