import type { Lang } from '../../lib/i18n/index.ts';
import type { ProductListResponse } from '../../lib/commerce/schema.ts';
import { formatRupiah } from '../../lib/contract/format.ts';
import { hasMore } from '../../lib/paging/list-store.ts';
import { $shop, addProduct, seedShop, shopProducts, type ShopState } from '../../lib/commerce/shop-store.ts';
import { cartHref } from '../../lib/commerce/display.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { Icon } from '../shell/Icon.tsx';
import { useSeeded } from './useSeeded.ts';

interface Props {
  lang: Lang;
  initial: ProductListResponse;
  /** The buyer's open souvenir box, if any. */
  boxId: string | null;
}

function Products({ initial, boxId }: Omit<Props, 'lang'>) {
  const { t, i18n } = useTranslation();
  const seed = { data: initial.data, meta: { total: initial.meta.total, limit: initial.data.length, offset: 0 } };
  const list = useSeeded(shopProducts.$state, () => shopProducts.seed({}, seed), { items: initial.data, total: initial.meta.total, loading: false, loaded: true, error: null });
  const start: ShopState = { boxId, busy: null };
  const shop = useSeeded($shop, () => seedShop(start), start);
  return (
    <div className="flex flex-col gap-4">
      {shop.boxId ? (
        <a href={cartHref(shop.boxId, 'PRODUCT')} className="btn btn-primary btn-sm self-end" data-shop-box>
          {t('commerce.shop.toBox')}
        </a>
      ) : null}
      {list.items.length === 0 ? (
        <p className="text-base-content/70 py-6 text-center">{t('commerce.shop.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy={list.loading} data-products>
          {list.items.map((product) => (
            <li key={product.id} className="card border-base-300 bg-base-100 border" data-product={product.id}>
              <figure className="bg-base-200 aspect-square">
                {product.image_url ? (
                  <img src={product.image_url} alt="" className="h-full w-full object-cover" loading="lazy" width={240} height={240} />
                ) : (
                  <Icon name="donation" className="text-base-content/40 size-12" />
                )}
              </figure>
              <div className="card-body gap-1 p-3">
                <h2 className="text-sm font-semibold break-words">{product.name}</h2>
                <p className="text-base-content/70 line-clamp-2 text-xs">{product.description}</p>
                <p className="font-bold tabular-nums" data-product-price>
                  {formatRupiah(product.price, i18n.language)}
                </p>
                {product.pre_order && product.shipping_duration ? <p className="text-base-content/70 text-xs">{t('commerce.shop.preOrder', { count: product.shipping_duration })}</p> : null}
                <button
                  type="button"
                  className="btn btn-primary btn-sm mt-1"
                  disabled={shop.busy !== null}
                  aria-busy={shop.busy === product.id}
                  aria-label={t('commerce.shop.addNamed', { name: product.name })}
                  onClick={() => void addProduct(t, product)}
                >
                  {shop.busy === product.id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                  {t('commerce.shop.add')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMore(list) ? (
        <button type="button" className="btn btn-outline btn-sm self-center" disabled={list.loading} onClick={() => void shopProducts.more().catch(() => undefined)}>
          {t('commerce.shop.more')}
        </button>
      ) : null}
    </div>
  );
}

/** The namespaces of texts this island uses: its page sends only these (see src/lib/i18n/island-texts.server.ts). */
/** The souvenirs on sale as cards (picture, name, price, Add to box), 20 then 20 more, and the way to the box. */
export const Shop = withTexts(Products, ['apiErrors', 'commerce', 'common', 'errors']);
