import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createCaller, type Caller } from '../test/catalogue.ts';
import { createApi } from '../app.ts';

let ctx: TestContext;
let api: ReturnType<typeof createApi>;
let admin: Caller;
let teacher: Caller;
let schoolId: string;
let yearId: string;
const emails: string[] = [];

/** A workbook with one sheet: the header and rows as shared strings, numbers as numbers. */
function xlsx(rows: (string | number)[][]): Uint8Array {
  const shared: string[] = [];
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((cells, r) => `<row r="${r + 1}">${cells
      .map((cell, i) => {
        const ref = `${col(i)}${r + 1}`;
        if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
        shared.push(cell.replace(/&/g, '&amp;'));
        return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
      })
      .join('')}</row>`)
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8('<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Kelas" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    'xl/sharedStrings.xml': strToU8(`<sst>${shared.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`),
  });
}

async function upload(file: Uint8Array | string, options: { dryRun?: boolean; token?: string; name?: string } = {}) {
  const form = new FormData();
  form.set('school_id', schoolId);
  form.set('school_year_id', yearId);
  if (options.dryRun) form.set('dry_run', 'true');
  form.set('file', new Blob([(typeof file === 'string' ? strToU8(file) : file) as Uint8Array<ArrayBuffer>]), options.name ?? 'kelas.csv');
  const res = await api.request('/webhook/school-class-import', { method: 'POST', body: form, headers: { authorization: `Bearer ${options.token ?? admin.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

const studentsInClasses = async () =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM class_members cm JOIN classes c ON c.id = cm.class_id WHERE c.school_id = $1 AND cm.role = 'student'`, [schoolId])).rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  api = createApi(ctx.deps);
  admin = await createCaller(ctx, { name: 'Admin' });
  teacher = await createCaller(ctx, { name: 'Guru' });
  for (let i = 1; i <= 3; i += 1) emails.push((await ctx.createUser({ email: `murid${i}@sekolah.id` })).email);
  const place = (await ctx.db.query<{ code: string; province_code: string }>(`SELECT code, province_code FROM regencies WHERE name ILIKE 'Kota Bandung' LIMIT 1`)).rows[0]!;
  const school = await ctx.request('POST', '/webhook/school-register', {
    token: admin.token,
    body: { npsn: '20219301', name: 'SMA Impor', level: 'SMA', status: 'negeri', province_code: place.province_code, regency_code: place.code, time_zone: 'Asia/Jakarta', full_name: 'Admin', gender: 'L', nik_nip: '1986041220100120' },
  });
  schoolId = school.body.data.school.id;
  const year = new Date().getUTCFullYear();
  yearId = (await ctx.request('POST', '/webhook/school-year', { token: admin.token, body: { school_id: schoolId, start_year: year, end_year: year } })).body.data.id;
  for (const name of ['X-1', 'X-2']) await ctx.request('POST', '/webhook/school-class', { token: admin.token, body: { school_id: schoolId, school_year_id: yearId, name, grade: 10 } });
  await ctx.request('POST', '/webhook/school-join-request', {
    token: teacher.token,
    body: { province_code: place.province_code, regency_code: place.code, school_id: schoolId, status: 'teacher', full_name: 'Guru', gender: 'P', nik_nip: '3273010101900001' },
  });
});
afterAll(() => ctx.close());

describe('importing a class list', () => {
  test('a file with bad rows reports each with its line and reason and imports nothing', async () => {
    const csv = [
      'Nama Lengkap;Email;NIS;NISN;Jenis Kelamin;Kelas',
      `Murid Satu;${emails[0]};2001;0012345671;L;X-1`,
      `;${emails[1]};20x2;0012345672;perempuan;X-1`,
      `Murid Tiga;tidak.ada@sekolah.id;2003;123;Q;X-9`,
      `Murid Empat;${emails[0]};2001;0012345674;P;X-2`,
      `Guru Menyamar;${(await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [teacher.id])).rows[0]!.email};2005;0012345675;P;X-2`,
    ].join('\r\n');
    const preview = await upload(csv, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows).toHaveLength(5);
    expect(preview.body.data.errors).toEqual([
      { line: 3, field: 'full_name', code: 'full_name_required' },
      { line: 3, field: 'nis', code: 'nis_invalid' },
      { line: 4, field: 'nisn', code: 'nisn_invalid' },
      { line: 4, field: 'gender', code: 'gender_invalid' },
      { line: 4, field: 'class_name', code: 'class_unknown' },
      { line: 4, field: 'email', code: 'email_unknown' },
      { line: 5, field: 'email', code: 'email_repeated' },
      { line: 5, field: 'nis', code: 'nis_repeated' },
      { line: 6, field: 'email', code: 'member_not_student' },
    ]);
    const res = await upload(csv);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('bulk_upload_invalid');
    expect(res.body.data.errors).toHaveLength(9);
    expect(res.body.data.imported).toBe(0);
    expect(await studentsInClasses()).toBe(0);
    expect((await ctx.db.query(`SELECT 1 FROM school_members WHERE school_id = $1 AND role = 'student'`, [schoolId])).rows).toHaveLength(0);
  });

  test('a good XLSX file enrols every row as an approved student in one step', async () => {
    const file = xlsx([
      ['Full name', 'Email', 'NIS', 'NISN', 'Gender', 'Class'],
      ['Murid Satu', emails[0]!, 2001, '0012345671', 'L', 'X-1'],
      ['Murid Dua', emails[1]!.toUpperCase(), 2002, '0012345672', 'Perempuan', 'x-2'],
    ]);
    const preview = await upload(file, { dryRun: true, name: 'kelas.txt' });
    expect(preview.body.data).toMatchObject({ errors: [], imported: 0 });
    expect(await studentsInClasses()).toBe(0);
    const res = await upload(file);
    expect(res.status).toBe(201);
    expect(res.body.data.imported).toBe(2);
    const { rows } = await ctx.db.query<{ full_name: string; status: number; gender: string; class_label: string; grade: number }>(
      `SELECT full_name, status, gender, class_label, grade FROM school_members WHERE school_id = $1 AND role = 'student' ORDER BY full_name`,
      [schoolId],
    );
    expect(rows).toEqual([
      { full_name: 'Murid Dua', status: 1, gender: 'P', class_label: 'X-2', grade: 10 },
      { full_name: 'Murid Satu', status: 1, gender: 'L', class_label: 'X-1', grade: 10 },
    ]);
    expect(await studentsInClasses()).toBe(2);
  });

  test('importing the same list again changes nothing; moving a student to another class is a bad row', async () => {
    const csv = `nama,email,nis,nisn,jenis kelamin,kelas\nMurid Satu,${emails[0]},2001,0012345671,L,X-1\n`;
    expect((await upload(csv)).status).toBe(201);
    expect(await studentsInClasses()).toBe(2);
    const moved = await upload(`nama,email,nis,nisn,jenis kelamin,kelas\nMurid Satu,${emails[0]},2001,0012345671,L,X-2\nMurid Tiga,${emails[2]},2002,0012345673,L,X-2\n`);
    expect(moved.body.data.errors).toEqual([
      { line: 2, field: 'class_name', code: 'student_in_other_class' },
      { line: 3, field: 'nis', code: 'nis_taken' },
    ]);
  });

  test('a huge file, a long list, a file of another kind and a list without its columns are refused with codes', async () => {
    const huge = await upload(`nama,email,nis,nisn,jenis kelamin,kelas\n${'x'.repeat(1024 * 1024 + 10)}`);
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].code).toBe('file_too_large');
    const long = ['nama,email,nis,nisn,jenis kelamin,kelas', ...Array.from({ length: 2001 }, (_, i) => `M ${i},m${i}@x.id,${1000 + i},${String(i).padStart(10, '0')},L,X-1`)].join('\n');
    expect((await upload(long)).body.errors[0].code).toBe('too_many_rows');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0xff]);
    const image = await upload(png, { name: 'kelas.csv' });
    expect(image.status).toBe(415);
    expect(image.body.errors[0].code).toBe('file_type_unsupported');
    const broken = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: 'kelas.xlsx' });
    expect(broken.body.errors[0].code).toBe('file_type_unsupported');
    expect((await upload('nama,email\nA,a@b.id')).body.errors[0].code).toBe('columns_missing');
    expect((await upload('nama,email,nis,nisn,jenis kelamin,kelas\n')).body.errors[0].code).toBe('file_empty');
  });

  test('only the school admin imports', async () => {
    const res = await upload(`nama,email,nis,nisn,jenis kelamin,kelas\nA,${emails[2]},3001,0012345679,L,X-1`, { token: teacher.token });
    expect(res.status).toBe(403);
  });
});
