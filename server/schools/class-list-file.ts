import { isUtf8 } from 'node:buffer';
import { unzipSync } from 'fflate';
import { ApiError, badRequest } from '../http/errors.ts';
import { CLASS_LIST_MAX_ROWS, parseCsv } from '../../src/lib/schools/rules.ts';

/*
 * Reading an uploaded class list into a table of text cells. The kind of file is decided by its
 * bytes, never its name or declared type: a ZIP signature holding a workbook is an XLSX sheet,
 * UTF-8 text without NUL is CSV, anything else is refused. An XLSX is only unpacked as far as its
 * first sheet and shared strings, each at most XLSX_PART_MAX_BYTES once expanded, so a small file
 * cannot expand into a huge one.
 */

/** Largest expanded size of one part of an XLSX workbook read here (8 MB). */
export const XLSX_PART_MAX_BYTES = 8 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The kind of a class list file, judged by its signature. */
export function classListKind(bytes: Uint8Array): 'xlsx' | 'csv' | null {
  if (ZIP_SIGNATURE.every((b, i) => bytes[i] === b)) return 'xlsx';
  if (bytes.length > 0 && isUtf8(bytes) && !bytes.includes(0)) return 'csv';
  return null;
}

/** A coded 400 for a list longer than CLASS_LIST_MAX_ROWS. */
export const tooManyRows = () => badRequest('too_many_rows', `A class list may hold at most ${CLASS_LIST_MAX_ROWS} rows.`, 'file');

const unsupported = () => new ApiError(415, 'file_type_unsupported', 'Upload the class list as a CSV or XLSX file.', { field: 'file' });

/** The file as rows of cells; a coded 4xx for a file that is neither CSV nor a readable XLSX. */
export function readClassListFile(bytes: Uint8Array): string[][] {
  const kind = classListKind(bytes);
  if (kind === 'csv') return parseCsv(new TextDecoder().decode(bytes));
  if (kind === 'xlsx') return readXlsx(bytes);
  throw unsupported();
}

function readXlsx(bytes: Uint8Array): string[][] {
  const decoder = new TextDecoder();
  let parts: Record<string, Uint8Array>;
  const wanted = (name: string) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name === 'xl/sharedStrings.xml' || name.startsWith('xl/worksheets/sheet');
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        if (file.originalSize > XLSX_PART_MAX_BYTES) throw new ApiError(413, 'file_too_large', 'The class list is too large once unpacked.', { field: 'file' });
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unsupported();
  }
  const text = (name: string) => (parts[name] ? decoder.decode(parts[name]) : null);
  const workbook = text('xl/workbook.xml');
  if (!workbook) throw unsupported();
  const sheetPath = firstSheetPath(workbook, text('xl/_rels/workbook.xml.rels'));
  const sheet = sheetPath ? text(sheetPath) : null;
  if (!sheet) throw badRequest('file_empty', 'The class list has no sheet.', 'file');
  const shared = sharedStrings(text('xl/sharedStrings.xml') ?? '');
  return sheetRows(sheet, shared);
}

/** The path of the workbook's first sheet, through its relationship; sheet1.xml when unnamed. */
function firstSheetPath(workbook: string, rels: string | null): string {
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const relId = sheet ? attribute(sheet, 'r:id') : null;
  if (relId && rels) {
    for (const rel of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (attribute(rel, 'Id') !== relId) continue;
      const target = attribute(rel, 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/** The value of an attribute in one start tag, entities decoded. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name.replace(':', '\\:')}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]!) : null;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity === 'amp') return '&';
    if (entity === 'lt') return '<';
    if (entity === 'gt') return '>';
    if (entity === 'quot') return '"';
    if (entity === 'apos') return "'";
    const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The text of every <t> inside an element (rich text runs are joined). */
function textOf(xml: string): string {
  let out = '';
  for (const match of xml.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g)) out += decodeEntities(match[1]!);
  return out;
}

function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>/g)].map((m) => textOf(m[1]!));
}

/** Column number (0-based) of a cell reference such as "C12". */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/[0-9]+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The sheet's rows as text cells, placed by their references (empty cells left out of a file count). */
function sheetRows(sheet: string, shared: string[]): string[][] {
  const rows: string[][] = [];
  for (const rowMatch of sheet.matchAll(/<(?:\w+:)?row\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?row>/g)) {
    const rowNumber = Number(attribute(rowMatch[1]!, 'r') ?? rows.length + 1);
    if (!Number.isInteger(rowNumber) || rowNumber < rows.length + 1) throw unsupported();
    if (rowNumber > CLASS_LIST_MAX_ROWS + 1) throw tooManyRows();
    const cells: string[] = [];
    for (const cellMatch of rowMatch[2]!.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = cellMatch[1]!;
      const inner = cellMatch[2] ?? '';
      const ref = attribute(attrs, 'r');
      const at = ref ? columnOf(ref) : cells.length;
      const type = attribute(attrs, 't');
      const raw = /<(?:\w+:)?v>([^<]*)<\/(?:\w+:)?v>/.exec(inner)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(raw)] ?? '';
      else if (type === 'inlineStr') value = textOf(inner);
      else if (raw !== undefined) value = decodeEntities(raw);
      if (at >= 0 && at < 64) cells[at] = value;
    }
    // A blank line in the sheet keeps its number, so errors name the line the admin sees.
    while (rows.length < rowNumber - 1) rows.push([]);
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  }
  return rows;
}
