import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/contract/format.ts';
import { donationTotal, parseCopyCount } from '../../lib/commerce/display.ts';
import { COMMERCE_LIMITS } from '../../lib/commerce/values.ts';
import {
  $donation,
  chooseLibrary,
  closeDonation,
  donationReady,
  openDonation,
  searchLibraries,
  setCount,
  stepCount,
  submitDonation,
} from '../../lib/commerce/donation-store.ts';
import { $donationRequest } from '../../lib/commerce/donation-request.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { Modal } from '../shell/Modal.tsx';
import { Avatar } from '../shell/Avatar.tsx';

/**
 * The book-donation dialog: a copy count (from 1), the receiving ePustaka of the donor's
 * organisation (their own labelled "my account"), the price and the total; Continue puts the
 * donation in the order box and goes to its cart. It opens on a request from any island.
 */
export function DonationDialog() {
  const { t, i18n } = useTranslation();
  const state = useStore($donation);
  const request = useStore($donationRequest);

  useEffect(() => {
    if (!request) return;
    $donationRequest.set(null);
    void openDonation(t, request);
  }, [request, t]);

  const lang = i18n.language;
  const ready = donationReady(state);
  return (
    <Modal
      open={state.book !== null}
      onClose={closeDonation}
      title={t('commerce.donate.title')}
      widthClass="max-w-lg"
      footer={
        <button type="button" className="btn btn-primary" disabled={!ready} aria-busy={state.busy} onClick={() => void submitDonation(t)}>
          {state.busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {t('commerce.donate.continue')}
        </button>
      }
    >
      {state.book ? (
        <div className="flex flex-col gap-4" data-donation-dialog>
          <p className="text-base-content/80 text-sm">{t('commerce.donate.intro', { title: state.book.title })}</p>
          {state.loading ? (
            <span className="loading loading-spinner text-primary mx-auto" aria-label={t('common.loading')} />
          ) : (
            <>
              <CountField count={state.count} changed={state.changed} />
              <LibraryChoice />
              <dl className="bg-base-200 rounded-box grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-3 text-sm">
                <dt>{t('commerce.donate.price')}</dt>
                <dd className="text-right tabular-nums" data-donation-price>
                  {formatRupiah(state.info?.price ?? 0, lang)}
                </dd>
                <dt className="font-semibold">{t('commerce.donate.total')}</dt>
                <dd className="text-right font-semibold tabular-nums" data-donation-total>
                  {formatRupiah(donationTotal(state.count, state.info?.price ?? 0), lang)}
                </dd>
              </dl>
            </>
          )}
          {state.error ? (
            <p role="alert" className="alert alert-error alert-soft text-sm">
              {state.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

function CountField({ count, changed }: { count: string; changed: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const parsed = parseCopyCount(count);
  const message = changed && parsed.error ? t(`commerce.donate.errors.${parsed.error}`, { max: COMMERCE_LIMITS.maxCopies }) : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {t('commerce.donate.count')}
      </label>
      <div className="join">
        <button type="button" className="btn join-item" aria-label={t('commerce.donate.decrease')} disabled={(parsed.count ?? 1) <= 1} onClick={() => stepCount(-1)}>
          −
        </button>
        <input
          id={id}
          className={`input join-item w-24 text-center tabular-nums ${message ? 'input-error' : ''}`}
          inputMode="numeric"
          value={count}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => setCount(event.target.value)}
        />
        <button type="button" className="btn join-item" aria-label={t('commerce.donate.increase')} onClick={() => stepCount(1)}>
          +
        </button>
      </div>
      {message ? (
        <p id={`${id}-error`} className="text-error mt-1 text-sm" data-field-error>
          {message}
        </p>
      ) : null}
    </div>
  );
}

function LibraryChoice() {
  const { t } = useTranslation();
  const state = useStore($donation);
  const [query, setQuery] = useState(state.query);
  const groupId = useId();

  // Searching waits for a pause in typing (500 ms).
  useEffect(() => {
    if (query === $donation.get().query) return;
    const timer = setTimeout(() => void searchLibraries(t, query), 500);
    return () => clearTimeout(timer);
  }, [query, t]);

  return (
    <fieldset>
      <legend id={groupId} className="mb-1 text-sm font-semibold">
        {t('commerce.donate.library')}
      </legend>
      <input
        type="search"
        className="input input-sm mb-2 w-full"
        placeholder={t('commerce.donate.searchLibrary')}
        aria-label={t('commerce.donate.searchLibrary')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div role="radiogroup" aria-labelledby={groupId} className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-busy={state.librariesLoading}>
        {state.libraries.length === 0 && !state.librariesLoading ? <p className="text-base-content/70 py-2 text-sm">{t('commerce.donate.noLibrary')}</p> : null}
        {state.libraries.map((library) => {
          const mine = library.is_mine || library.id === state.ownId;
          return (
            <label key={library.id} className={`rounded-field flex cursor-pointer items-center gap-3 border p-2 ${state.epustakaId === library.id ? 'border-primary bg-primary/5' : 'border-base-300'}`}>
              <input type="radio" className="radio radio-primary radio-sm" name="donation-library" checked={state.epustakaId === library.id} onChange={() => chooseLibrary(library.id)} />
              <Avatar name={library.epustaka_name} id={library.id} src={library.epustaka_logo ?? null} className="size-8 text-xs" />
              <span className="min-w-0 flex-1 truncate text-sm">{library.epustaka_name}</span>
              {mine ? <span className="badge badge-soft badge-primary badge-sm">{t('commerce.donate.myAccount')}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
