import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * Indonesia's provinces, regencies and districts from the `idn-area-data` package (Kemendagri codes,
 * kept up to date by its maintainers). Codes are dotted: province `32`, regency `32.73`,
 * district `32.73.01`; a district's code is its id in the API.
 */

export interface AreaRows {
  provinces: { code: string; name: string }[];
  regencies: { code: string; province_code: string; name: string }[];
  districts: { code: string; regency_code: string; name: string }[];
}

function dataDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('idn-area-data/package.json')), 'data');
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes) into records keyed by the header row. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((cell) => cell !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((cell) => cell !== '')) rows.push(row);
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

let cached: AreaRows | undefined;

/** Reads the package's CSV files once. */
export function loadAreas(): AreaRows {
  if (cached) return cached;
  const dir = dataDir();
  const read = (name: string) => parseCsv(readFileSync(join(dir, `${name}.csv`), 'utf8'));
  cached = {
    provinces: read('provinces').map((r) => ({ code: r.code!, name: r.name! })),
    regencies: read('regencies').map((r) => ({ code: r.code!, province_code: r.province_code!, name: r.name! })),
    districts: read('districts').map((r) => ({ code: r.code!, regency_code: r.regency_code!, name: r.name! })),
  };
  return cached;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * One multi-row INSERT per table, as SQL text a migration can run: the migration runner takes no
 * parameters, and three statements load the ~7,300 rows in a fraction of a second.
 */
export function areaInsertStatements(areas: AreaRows = loadAreas()): string {
  const values = (rows: string[][]) => rows.map((cells) => `(${cells.map(literal).join(', ')})`).join(',\n');
  return [
    `INSERT INTO provinces (code, name) VALUES\n${values(areas.provinces.map((p) => [p.code, p.name]))};`,
    `INSERT INTO regencies (code, province_code, name) VALUES\n${values(areas.regencies.map((r) => [r.code, r.province_code, r.name]))};`,
    `INSERT INTO districts (code, regency_code, name) VALUES\n${values(areas.districts.map((d) => [d.code, d.regency_code, d.name]))};`,
  ].join('\n');
}
