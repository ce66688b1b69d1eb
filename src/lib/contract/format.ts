/**
 * How every date, time, number, size and phone number is written for people, in the interface
 * language: Indonesian ("3 Desember 2026 pukul 14.05 WIB", "6,4 KB") or English ("3 December 2026
 * at 14:05 WIB", "6.4 KB"). Pages and islands format through here and nowhere else, so a text in
 * English mode never carries Indonesian formats.
 */

/** The zone the library keeps its times in: Western Indonesia Time (WIB, UTC+7). */
export const LIBRARY_TIME_ZONE = 'Asia/Jakarta';

/** The locale the formats of `lang` follow: en-GB for English, id-ID for anything else. */
export function localeOf(lang: string): string {
  return lang === 'en' ? 'en-GB' : 'id-ID';
}

/**
 * Indonesia's zones are named the same in both languages: WIB (UTC+7, Asia/Jakarta), WITA (UTC+8,
 * Asia/Makassar), WIT (UTC+9, Asia/Jayapura); any other offset as GMT±h[:mm].
 */
export function timeZoneLabel(offsetMinutes: number): string {
  if (offsetMinutes === 420) return 'WIB';
  if (offsetMinutes === 480) return 'WITA';
  if (offsetMinutes === 540) return 'WIT';
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `GMT${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** The UTC offset of `timeZone` at `at`, in minutes. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * How much of a date to write:
 * - `date`: 26 November 2026
 * - `short`: 26 Nov 2026
 * - `dateTime`: 26 Nov 2026 14.05 WIB
 * - `full`: Kamis, 26 November 2026 pukul 14.05 WIB
 */
export type DateStyle = 'date' | 'short' | 'dateTime' | 'full';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
};

/**
 * A date (an ISO string or a Date) in `lang`, in `timeZone` (WIB unless told). A time carries its
 * zone's Indonesian name (WIB, WITA, WIT) where the language's own format would say "GMT+7".
 */
export function formatDate(value: string | Date, lang: string, style: DateStyle = 'date', timeZone: string = LIBRARY_TIME_ZONE): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat(localeOf(lang), { ...STYLES[style], hourCycle: 'h23', timeZone }).formatToParts(date);
  const label = timeZoneLabel(zoneOffsetMinutes(timeZone, date));
  return parts.map((p) => (p.type === 'timeZoneName' ? label : p.value)).join('');
}

/** A number with the language's digit grouping and decimal mark: 12.345 / 12,345. */
export function formatNumber(value: number, lang: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(localeOf(lang), options).format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes as people read them: "850 B", "6,4 KB" / "6.4 KB", "2,4 MB" (decimal units, one decimal below 100). */
export function formatBytes(bytes: number, lang: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${BYTE_UNITS[unit]}`;
}

/** Groups `digits` as xxxx-xxxx-rest (an Indonesian number with its leading 0). */
function groupNational(digits: string): string {
  const groups = [digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)].filter(Boolean);
  return groups.join('-');
}

/**
 * A phone number as it is shown, grouped like the form asks for it (xxxx-xxxx-xxxx):
 * "081234567890" → "0812-3456-7890", "+6281234567890" → "+62 812-3456-7890". Another country's
 * number keeps its digits after the plus; anything that is not a phone number is shown as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  const trimmed = (phone ?? '').trim();
  if (!/^\+?[0-9][0-9 -]*$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length < 8) return trimmed;
  if (trimmed.startsWith('+') || digits.startsWith('62')) {
    if (!digits.startsWith('62')) return `+${digits}`;
    return `+62 ${groupNational(`0${digits.slice(2)}`).slice(1)}`;
  }
  return groupNational(digits);
}

/**
 * An amount of money in whole rupiah as it is shown: "Rp" and the amount with the language's
 * thousand separators, "Rp 1.250.000" / "Rp 1,250,000"; a negative amount (a discount) as
 * "-Rp 5.000". Rupiah have no smaller unit in use, so a fraction is cut off, never rounded up.
 */
export function formatRupiah(amount: number, lang: string): string {
  const whole = Math.trunc(Number.isFinite(amount) ? amount : 0);
  const digits = formatNumber(Math.abs(whole), lang, { maximumFractionDigits: 0 });
  return `${whole < 0 ? '-' : ''}Rp ${digits}`;
}
