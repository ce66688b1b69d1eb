import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { Author, Category } from '../../lib/catalogue/schema.ts';
import { activeFilterCount, bookQueryString, sortOptions, withoutFilters, yearOptions, type BookQuery } from '../../lib/catalogue/book.ts';
import { $filterOpen, authorPicker, categoryPicker, closeFilter, openFilter, showBooks } from '../../lib/catalogue/store.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { Modal } from '../shell/Modal.tsx';
import { Picker } from './Picker.tsx';

interface Props {
  lang: Lang;
  query: BookQuery;
  /** Name of the chosen category, for the picker. */
  categoryName: string | null;
}

/** The filter button with its dialog, and the sort choice, of the book lists. */
export const BookFilters = withTexts(Toolbar, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'libraries']);

function Toolbar({ query, categoryName }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const open = useStore($filterOpen);
  const count = activeFilterCount(query);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-sm btn-outline border-base-300 bg-base-100 gap-2" onClick={openFilter} aria-haspopup="dialog">
        <CatalogueIcon name="filter" className="size-4" />
        {t('catalogue.filter.button')}
        {count > 0 ? (
          <span className="badge badge-primary badge-sm" aria-label={t('catalogue.filter.active', { count })}>
            {count}
          </span>
        ) : null}
      </button>
      <SortForm query={query} />
      <FilterDialog open={open} query={query} categoryName={categoryName} />
    </div>
  );
}

/** A GET form, so the sort also works before the script runs; with it, a change submits at once. */
function SortForm({ query }: { query: BookQuery }) {
  const { t } = useTranslation();
  const id = useId();
  const rest = new URLSearchParams(bookQueryString({ ...query, sort: sortOptions(query.view)[0]! }));
  return (
    <form method="get" action={query.epustaka ? '/epustaka-book-category' : '/books'} className="flex items-center gap-2">
      {[...rest.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="text-base-content/70 flex items-center gap-1 text-sm">
        <CatalogueIcon name="sort" className="size-4" />
        {t('catalogue.sort.label')}
      </label>
      <select id={id} name="sort" className="select select-sm w-auto" defaultValue={query.sort} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        {sortOptions(query.view).map((option) => (
          <option key={option} value={option}>
            {t(`catalogue.sort.${option}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn btn-sm">
          {t('catalogue.filter.apply')}
        </button>
      </noscript>
    </form>
  );
}

function FilterDialog({ open, ...props }: { open: boolean; query: BookQuery; categoryName: string | null }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={closeFilter} title={t('catalogue.filter.title')} widthClass="max-w-xl">
      <FilterForm {...props} />
    </Modal>
  );
}

/** The dialog's fields, created afresh from the list's query each time it opens. */
function FilterForm({ query, categoryName }: { query: BookQuery; categoryName: string | null }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<BookQuery>(query);
  const [category, setCategory] = useState(query.category ? { value: query.category, text: categoryName ?? t('catalogue.filter.category') } : null);
  const yearId = useId();
  const set = (patch: Partial<BookQuery>) => setDraft((current) => ({ ...current, ...patch }));
  const categoryText = (c: Category) => (i18n.language === 'en' && c.category_name_en ? c.category_name_en : c.category_name);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        showBooks(draft);
      }}
    >
      <div className="flex flex-col gap-6">
        <Picker<Category>
          label={t('catalogue.filter.category')}
          searchLabel={t('catalogue.filter.searchCategory')}
          anyLabel={t('catalogue.filter.anyCategory')}
          list={categoryPicker}
          value={category}
          onChange={(choice) => {
            setCategory(choice);
            set({ category: choice?.value ?? null });
          }}
          option={(c) => ({ value: c.id, text: categoryText(c) })}
        />
        <Picker<Author>
          label={t('catalogue.filter.author')}
          searchLabel={t('catalogue.filter.searchAuthor')}
          anyLabel={t('catalogue.filter.anyAuthor')}
          list={authorPicker}
          value={draft.author ? { value: draft.author, text: draft.author } : null}
          onChange={(choice) => set({ author: choice?.value ?? null })}
          option={(a) => ({ value: a.author_name, text: a.author_name })}
        />
        <div>
          <label htmlFor={yearId} className="mb-2 block text-sm font-semibold">
            {t('catalogue.filter.year')}
          </label>
          <select id={yearId} className="select select-sm w-full" value={draft.year ?? ''} onChange={(event) => set({ year: event.target.value ? Number(event.target.value) : null })}>
            <option value="">{t('catalogue.filter.anyYear')}</option>
            {yearOptions().map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-3">
          <Toggle checked={draft.entry} onChange={(entry) => set({ entry })} label={t('catalogue.filter.entry')} hint={t('catalogue.filter.entryHint')} />
          <Toggle
            checked={draft.collectionPublic}
            onChange={(collectionPublic) => set({ collectionPublic })}
            label={t('catalogue.filter.collectionPublic')}
            hint={t('catalogue.filter.collectionPublicHint')}
          />
          <Toggle checked={draft.available ?? false} onChange={(available) => set({ available })} label={t('libraries.filter.available')} hint={t('libraries.filter.availableHint')} />
        </div>
      </div>
      <div className="border-base-300 bg-base-100 sticky -bottom-4 -mx-5 mt-6 -mb-4 flex justify-end gap-2 border-t px-5 py-3">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setDraft(withoutFilters(draft));
            setCategory(null);
          }}
        >
          {t('catalogue.filter.reset')}
        </button>
        <button type="submit" className="btn btn-primary">
          {t('catalogue.filter.apply')}
        </button>
      </div>
    </form>
  );
}

function Toggle({ checked, onChange, label, hint }: { checked: boolean; onChange: (value: boolean) => void; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="toggle toggle-primary toggle-sm mt-0.5" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-base-content/70 text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}
