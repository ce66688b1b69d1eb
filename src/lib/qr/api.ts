import type { HttpClient } from '../http/http.ts';
import type { ItemBody, ListBody } from '../contract/common.ts';
import type { QrCandidate, QrCode, QrInfo } from './schema.ts';
import type { QrTargetType } from './rules.ts';

/* QR code calls (README "QR codes"). Each takes the HTTP client first. */

/** GET webhook/qr-info: what a code opens (public). */
export async function getQrInfo(http: HttpClient, params: { qr_id: string }): Promise<QrInfo> {
  return (await http.get<ItemBody<QrInfo>>('webhook/qr-info', params)).data;
}

/** GET webhook/qr-code-list: the caller's codes with their scans. */
export function getQrCodes(http: HttpClient, params: { limit?: number; offset?: number }): Promise<ListBody<QrCode>> {
  return http.get<ListBody<QrCode>>('webhook/qr-code-list', { ...params });
}

/** GET webhook/qr-code-detail: one of the caller's codes. */
export async function getQrCode(http: HttpClient, params: { qr_id: string }): Promise<QrCode> {
  return (await http.get<ItemBody<QrCode>>('webhook/qr-code-detail', params)).data;
}

/** POST webhook/qr-code. */
export async function createQrCode(
  http: HttpClient,
  body: { target_type: QrTargetType; target_id: string; location_label?: string | null },
): Promise<QrCode> {
  return (await http.post<ItemBody<QrCode>>('webhook/qr-code', body)).data;
}

/** DELETE webhook/qr-code. */
export async function deleteQrCode(http: HttpClient, body: { id: string }): Promise<void> {
  await http.delete('webhook/qr-code', body);
}

/** GET webhook/qr-targets: the ePustakas the caller runs and their books. */
export function getQrTargets(http: HttpClient, params: { q?: string; limit?: number }): Promise<ListBody<QrCandidate>> {
  return http.get<ListBody<QrCandidate>>('webhook/qr-targets', { ...params });
}
