import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { hasMore, notifyCatalogueError, searchPicker, type ListStore } from '../../lib/catalogue/store.ts';

interface Props<T> {
  label: string;
  searchLabel: string;
  anyLabel: string;
  list: ListStore<T, { q?: string }>;
  /** The chosen option's value and text, or null. */
  value: { value: string; text: string } | null;
  onChange: (value: { value: string; text: string } | null) => void;
  option: (item: T) => { value: string; text: string };
}

/**
 * A searchable single choice with paging (20 at a time): a search field, then the
 * options as toggle buttons, then 'load more'.
 */
export function Picker<T>({ label, searchLabel, anyLabel, list, value, onChange, option }: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const state = useStore(list.$state);
  const [q, setQ] = useState('');

  useEffect(() => {
    if (!list.$state.get().loaded) list.load({}).catch((error) => notifyCatalogueError(t, error));
  }, [list, t]);

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <label htmlFor={`${id}-q`} className="sr-only">
        {searchLabel}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="input input-sm w-full"
        placeholder={searchLabel}
        value={q}
        // Enter searches at once instead of submitting the dialog's form.
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          searchPicker(list as ListStore<unknown, { q?: string }>, q, 0);
        }}
        onChange={(event) => {
          setQ(event.target.value);
          searchPicker(list as ListStore<unknown, { q?: string }>, event.target.value);
        }}
      />
      <div className="border-base-300 mt-2 max-h-44 overflow-y-auto rounded-field border p-1.5" aria-busy={state.loading}>
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <button type="button" className={`btn btn-xs ${value === null ? 'btn-primary' : 'btn-ghost bg-base-200'}`} aria-pressed={value === null} onClick={() => onChange(null)}>
              {anyLabel}
            </button>
          </li>
          {state.items.map((item) => {
            const opt = option(item);
            const chosen = value?.value === opt.value;
            return (
              <li key={opt.value}>
                <button type="button" className={`btn btn-xs ${chosen ? 'btn-primary' : 'btn-ghost bg-base-200'}`} aria-pressed={chosen} onClick={() => onChange(opt)}>
                  {opt.text}
                </button>
              </li>
            );
          })}
        </ul>
        {state.loading ? <span className="loading loading-dots loading-sm text-base-content/50 m-1" aria-label={t('common.loading')} /> : null}
        {state.loaded && state.items.length === 0 ? <p className="text-base-content/70 p-1 text-sm">{t('catalogue.filter.noneFound')}</p> : null}
        {hasMore(state) && !state.loading ? (
          <button type="button" className="btn btn-link btn-xs mt-1" onClick={() => list.more().catch((error) => notifyCatalogueError(t, error))}>
            {t('catalogue.filter.more')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
