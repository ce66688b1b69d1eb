import { formatRupiah } from '../../lib/contract/format.ts';
import { lineTotal } from '../../lib/commerce/rules.ts';
import type { OrderLine } from '../../lib/commerce/schema.ts';
import { useTranslation } from '../shell/I18nRoot.tsx';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';

/** The name of what a line is for: a book's title, a souvenir's name, a package's name. */
export function lineName(line: OrderLine): string {
  const object = line.order_object;
  return object.book_title ?? object.title ?? object.name ?? object.package_name ?? line.order_type;
}

/**
 * An order's lines: picture, name, the receiving library, copies × price, and the line's total
 * (price less discount). With `onDelete`, each line has a remove button.
 */
export function OrderLines({ lines, onDelete, busy = null }: { lines: readonly OrderLine[]; onDelete?: (line: OrderLine) => void; busy?: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('commerce.order.items')} data-order-lines>
      {lines.map((line) => (
        <li key={line.id} className="border-base-300 rounded-box flex items-start gap-3 border p-3" data-order-line={line.id}>
          {line.order_object.image_url ? (
            <img src={line.order_object.image_url} alt="" className="h-16 w-12 shrink-0 rounded object-cover" loading="lazy" />
          ) : (
            <span className="bg-base-200 h-16 w-12 shrink-0 rounded" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{lineName(line)}</p>
            {line.epustaka ? <p className="text-base-content/70 text-xs">{t('commerce.order.library', { name: line.epustaka.epustaka_name })}</p> : null}
            <p className="text-base-content/80 text-sm tabular-nums">{t('commerce.order.copies', { count: line.number_of_copy, price: formatRupiah(line.price, lang) })}</p>
            {line.discount_amount > 0 ? (
              <p className="text-success text-xs tabular-nums">
                {t('commerce.order.discount')} {formatRupiah(-line.discount_amount, lang)}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col items-end gap-2">
            <span className="font-semibold tabular-nums" data-line-total>
              {formatRupiah(lineTotal(line), lang)}
            </span>
            {onDelete ? (
              <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={t('commerce.cart.delete', { name: lineName(line) })} disabled={busy !== null} aria-busy={busy === line.id} onClick={() => onDelete(line)}>
                {busy === line.id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <CatalogueIcon name="trash" className="size-4" />}
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
