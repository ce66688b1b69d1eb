
import { holdingChoices } from '../../lib/lending/rules.ts';
import { formatNumber } from '../../lib/contract/format.ts';
import type { EpustakaBrief } from '../../lib/catalogue/schema.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from './CatalogueIcon.tsx';
import { useBook, type BookIslandProps } from './useBook.ts';

/**
 * Where the reader can borrow the book, each library with its own copies: first the ones they may
 * borrow from now ("3 available from …"), then the others with their counts and what they ask
 * (join, ask to join, waiting for approval, extend). Counts of different libraries are never added.
 */
export const BookAvailability = withTexts(Availability, ['apiErrors', 'catalogue', 'errors', 'lending']);

function Availability(props: BookIslandProps) {
  const { t, i18n } = useTranslation();
  const book = useBook(props);
  const { borrowable, others } = holdingChoices(book.holdings);
  if (book.holdings.length === 0) return null;
  const number = (n: number) => formatNumber(n, i18n.language);
  const library = (h: EpustakaBrief) => (
    <a href={`/epustaka/${h.id}`} className="link link-hover text-base-content font-semibold break-words">
      {h.epustaka_name}
    </a>
  );
  return (
    <section aria-label={t('lending.availability.label')} className="flex flex-col gap-3 text-sm" data-testid="book-availability">
      <div>
        <p className="text-base-content/70 flex items-center gap-1.5 font-medium">
          <CatalogueIcon name="library" className="size-4" />
          {t('lending.availability.canBorrow')}
        </p>
        {borrowable.length === 0 ? (
          <p className="mt-1" data-testid="availability-none">{t('lending.availability.noneHere')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {borrowable.map(({ holding }) => (
              <li key={holding.id} data-testid="availability-borrowable" className="text-base">
                {book.using_drm ? t('lending.availability.availableFrom', { count: holding.available_qty }) : t('lending.availability.unlimitedFrom')} {library(holding)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {others.length > 0 && (
        <div>
          <p className="text-base-content/70 font-medium">{t('lending.availability.others')}</p>
          <ul className="mt-1 flex flex-col gap-1.5">
            {others.map(({ holding, need }) => (
              <li key={holding.id} data-testid="availability-other" className="flex flex-wrap items-baseline gap-x-2">
                {library(holding)}
                <span className="text-base-content/70">
                  {book.using_drm ? t('lending.availability.copies', { available: number(holding.available_qty), total: number(holding.total_qty) }) : t('lending.availability.unlimited')}
                </span>
                <span className="badge badge-sm badge-ghost">{t(`lending.availability.need.${need}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
