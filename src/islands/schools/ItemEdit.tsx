import { useId, useState, type FormEvent } from 'react';
import { notifySchoolError } from '../../lib/schools/store.ts';
import { notify } from '../../lib/shell/store.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';

/** A field of an item's edit form. */
export interface ItemField {
  key: string;
  label: string;
  value: string;
  numeric?: boolean;
}

interface Props {
  /** The item's name, for the buttons' accessible names. */
  name: string;
  fields: ItemField[];
  onSave: (values: Record<string, string>) => Promise<void>;
  onRemove: () => Promise<void>;
  busy: boolean;
}

/**
 * The school admin's edit and remove buttons of a year, a class or a subject. *Edit* opens a small
 * form with the item's fields; *Remove* asks once more before it removes. A refusal (a name taken,
 * an item that still holds lessons or classes) is shown as the server's translated message.
 */
export function ItemEdit({ name, fields, onSave, onRemove, busy }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});

  const open = () => {
    setValues(Object.fromEntries(fields.map((f) => [f.key, f.value])));
    setConfirming(false);
    setEditing(!editing);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave(values).then(
      () => {
        setEditing(false);
        notify('success', t('schools.admin.edit.saved'));
      },
      (e) => notifySchoolError(t, e),
    );
  };
  const remove = () =>
    onRemove().then(
      () => notify('success', t('schools.admin.edit.removed')),
      (e) => {
        setConfirming(false);
        notifySchoolError(t, e);
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2" data-item-edit={name}>
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={editing} aria-label={t('schools.admin.edit.editOne', { name })} onClick={open}>{t('schools.admin.edit.edit')}</button>
      {confirming ? (
        <button type="button" className="btn btn-error btn-sm" disabled={busy} onClick={remove}>{t('schools.admin.edit.confirm', { name })}</button>
      ) : (
        <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={t('schools.admin.edit.removeOne', { name })} onClick={() => { setEditing(false); setConfirming(true); }}>{t('schools.admin.edit.remove')}</button>
      )}
      {editing && (
        <form onSubmit={save} className="flex w-full flex-wrap items-end gap-2">
          {fields.map((f) => (
            <div key={f.key} className={`flex flex-col ${f.numeric ? 'w-28' : 'min-w-40 flex-1'}`}>
              <label htmlFor={`${id}-${f.key}`} className="mb-1 text-xs font-semibold">{f.label}</label>
              <input
                id={`${id}-${f.key}`}
                type={f.numeric ? 'number' : 'text'}
                inputMode={f.numeric ? 'numeric' : undefined}
                className="input input-bordered input-sm w-full"
                required
                maxLength={120}
                value={values[f.key] ?? ''}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
              />
            </div>
          ))}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>{t('schools.admin.edit.save')}</button>
        </form>
      )}
    </div>
  );
}
