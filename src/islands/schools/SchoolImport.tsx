import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { CLASS_LIST_COLUMNS, CLASS_LIST_EXAMPLE, CLASS_LIST_MAX_BYTES } from '../../lib/schools/rules.ts';
import { $busy, $importResult, $years, loadClasses, notifySchoolError, schoolErrorText, sendClassList } from '../../lib/schools/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/**
 * The import tab: a class list file is first checked by the server (every row and its errors
 * shown), and only a list without errors can then be imported.
 */
export function SchoolImport({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const years = useStore($years);
  const result = useStore($importResult);
  const busy = useStore($busy) === 'import';
  const [yearId, setYearId] = useState(years[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const year = yearId || years[0]?.id || '';

  const example = () => {
    const url = URL.createObjectURL(new Blob([CLASS_LIST_EXAMPLE], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'contoh-daftar-kelas.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return notify('error', schoolErrorText(t, 'file_required'));
    if (file.size > CLASS_LIST_MAX_BYTES) return notify('error', schoolErrorText(t, 'file_too_large'));
    try {
      const sent = await sendClassList(schoolId, year, file, dryRun);
      setChecked(dryRun && sent.errors.length === 0);
      // The result's own status line says how many were imported.
      if (!dryRun && sent.imported > 0) await loadClasses(schoolId, year);
    } catch (error) {
      setChecked(false);
      notifySchoolError(t, error);
    }
  };

  const errorsOf = (line: number) => result?.errors.filter((e) => e.line === line) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold">{t('schools.admin.import.heading')}</h2>
      <p className="text-base-content/70 text-sm">{t('schools.admin.import.intro')}</p>
      <div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={example}>{t('schools.admin.import.example')}</button>
      </div>
      {years.length === 0 ? <p className="text-warning text-sm">{t('schools.admin.years.none')}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor="import-year" className="mb-1 text-sm font-semibold">{t('schools.admin.years.choose')}</label>
          <select id="import-year" className="select select-bordered" value={year} onChange={(e) => { setYearId(e.target.value); setChecked(false); }}>
            {years.map((y) => <option key={y.id} value={y.id}>{t('schools.admin.years.label', { start: y.start_year, end: y.end_year })}</option>)}
          </select>
        </div>
        <div className="flex min-w-56 flex-1 flex-col">
          <label htmlFor="import-file" className="mb-1 text-sm font-semibold">{t('schools.admin.import.file')}</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="file-input file-input-bordered w-full"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setChecked(false);
              $importResult.set(null);
            }}
          />
        </div>
        <button type="button" className="btn btn-outline btn-primary" disabled={!file || !year || busy} onClick={() => void send(true)}>{t('schools.admin.import.preview')}</button>
      </div>

      {result ? (
        <div className="flex flex-col gap-3" data-import-result>
          <p role="status" className={result.errors.length > 0 ? 'text-error font-semibold' : 'text-success font-semibold'}>
            {result.imported > 0
              ? t('schools.admin.import.imported', { count: result.imported })
              : result.errors.length > 0
                ? `${schoolErrorText(t, 'bulk_upload_invalid')} ${t('schools.admin.import.hasErrors', { count: result.errors.length })}`
                : t('schools.admin.import.allGood', { count: result.rows.length })}
          </p>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">{t('schools.admin.import.line')}</th>
                  {CLASS_LIST_COLUMNS.map((c) => <th key={c} scope="col">{t(`schools.admin.import.columns.${c}`)}</th>)}
                  <th scope="col">{t('schools.admin.import.status')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => {
                  const errors = errorsOf(row.line);
                  return (
                    <tr key={row.line} className={errors.length > 0 ? 'bg-error/10' : ''} data-line={row.line} data-bad={errors.length > 0 ? 'true' : 'false'}>
                      <td>{row.line}</td>
                      {CLASS_LIST_COLUMNS.map((c) => <td key={c} className={errors.some((e) => e.field === c) ? 'text-error font-semibold' : ''}>{row[c]}</td>)}
                      <td>
                        {errors.length === 0 ? t('schools.admin.import.ok') : (
                          <ul>{errors.map((e) => <li key={`${e.field}-${e.code}`} className="text-error">{`${t(`schools.admin.import.columns.${e.field}`, { defaultValue: e.field })}: ${schoolErrorText(t, e.code)}`}</li>)}</ul>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {checked && result.imported === 0 ? (
            <div>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send(false)}>{t('schools.admin.import.confirm', { count: result.rows.length })}</button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
