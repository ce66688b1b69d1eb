import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../shell/I18nRoot.tsx';
import type { District } from '../../lib/account/schema.ts';
import { createDistrictSearch, districtLabel } from '../../lib/account/store.ts';

/** A chosen district: its id and how it reads. */
export interface DistrictChoice {
  id: string;
  label: string;
}

interface Props {
  id: string;
  label: string;
  value: DistrictChoice | null;
  onChange: (value: DistrictChoice | null) => void;
  error?: string | null;
  /** Form field names for plain form posts (the id and the label). */
  name?: string;
}

/**
 * A searchable district combobox (the district list, 25 a page, fetched without a
 * token). Typing searches; the list pages with "show more"; arrow keys and Enter pick.
 */
export function DistrictPicker({ id, label, value, onChange, error, name }: Props) {
  const { t } = useTranslation();
  const [search] = useState(() => createDistrictSearch());
  const state = useStore(search.$state);
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-list`;
  const optionId = (district: District) => `${id}-option-${district.id.replace(/\./g, '-')}`;

  const show = () => {
    setOpen(true);
    if (state.items.length === 0 && !state.loading) search.search(value ? '' : text, { immediate: true });
  };
  const choose = (district: District) => {
    const choice = { id: district.id, label: districtLabel(district) };
    onChange(choice);
    setText(choice.label);
    setOpen(false);
    setActive(-1);
  };
  const onInput = (next: string) => {
    setText(next);
    if (value) onChange(null);
    setOpen(true);
    setActive(-1);
    search.search(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) show();
      setActive((i) => Math.min(i + 1, state.items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && active >= 0 && state.items[active]) {
      event.preventDefault();
      choose(state.items[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const describedBy = error ? `${id}-error` : undefined;
  const activeItem = open && active >= 0 ? state.items[active] : undefined;

  return (
    <div className="relative flex flex-col gap-1" onBlur={onBlur}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('account.district.placeholder')}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={text}
        onChange={(e) => onInput(e.target.value)}
        onFocus={show}
        onClick={show}
        onKeyDown={onKeyDown}
      />
      {name && <input type="hidden" name={name} value={value?.id ?? ''} />}
      {name && <input type="hidden" name={`${name.replace(/_id$/, '')}_label`} value={value?.label ?? ''} />}
      {open && (
        <div className="border-base-300 bg-base-100 absolute top-full z-30 mt-1 w-full rounded-box border shadow-xl">
          <ul id={listId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto p-1">
            {state.items.map((district, index) => (
              <li
                key={district.id}
                id={optionId(district)}
                role="option"
                aria-selected={district.id === value?.id}
                className={`flex cursor-pointer flex-col rounded-field px-3 py-2 ${index === active ? 'bg-primary/10' : 'hover:bg-base-200'}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(district)}
              >
                <span className="font-medium">{district.name}</span>
                <span className="text-base-content/70 text-xs">
                  {district.regency_name}, {district.province_name}
                </span>
              </li>
            ))}
          </ul>
          <div className="border-base-300 flex items-center justify-between gap-2 border-t px-3 py-2 text-xs" aria-live="polite">
            {state.failed ? (
              <>
                <span className="text-error">{t('account.district.failed')}</span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => search.search(state.query, { immediate: true })}>
                  {t('account.district.retry')}
                </button>
              </>
            ) : state.loading ? (
              <span className="text-base-content/70 flex items-center gap-2">
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                {t('account.district.loading')}
              </span>
            ) : state.items.length === 0 ? (
              <span className="text-base-content/70">{t('account.district.empty')}</span>
            ) : (
              <>
                <span className="text-base-content/70">{t('account.district.count', { shown: state.items.length, total: state.total })}</span>
                {state.items.length < state.total && (
                  <button type="button" className="btn btn-ghost btn-xs text-primary" onMouseDown={(e) => e.preventDefault()} onClick={() => void search.loadMore()}>
                    {t('account.district.more')}
                  </button>
                )}
              </>
            )}
          </div>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
