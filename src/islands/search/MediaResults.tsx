import { useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { MultimediaItem } from '../../lib/people/schema.ts';
import { builtHref } from '../../lib/site/built-pages.ts';
import { formatDuration, type MediaType } from '../../lib/media/rules.ts';
import { searchHref, searchResultHref } from '../../lib/search/rules.ts';
import { CatalogueIcon } from '../catalogue/CatalogueIcon.tsx';
import { ShareDialog } from '../catalogue/ShareDialog.tsx';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

interface Props {
  lang: Lang;
  kind: MediaType;
  rows: MultimediaItem[];
  label: string;
}

/**
 * The audio or video results of /search: rows rendered by the server, which open
 * the item's page; once hydrated each row has a share button. The shared address is the item's
 * page, or this search for its title while that page is not part of the site.
 */
export const MediaResults = withTexts(Rows, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'search']);

function sharedPath(kind: MediaType, item: MultimediaItem): string {
  return builtHref(searchResultHref(kind, item)) ?? searchHref({ q: item.media_title, tab: kind });
}

function Rows({ kind, rows, label }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const [shared, setShared] = useState<MultimediaItem | null>(null);
  return (
    <>
      <ul aria-label={label} className="divide-base-300 bg-base-100 rounded-box border-base-300 max-w-2xl divide-y border px-4">
        {rows.map((item, index) => (
          <li key={item.id} id={`row-${index + 1}`} className="flex scroll-mt-24 items-center gap-2 py-3" data-media-row={item.id}>
            <a href={builtHref(searchResultHref(kind, item)) ?? undefined} className="group flex min-w-0 flex-1 items-center gap-3">
              <span className="bg-base-200 rounded-box grid aspect-video w-28 shrink-0 place-items-center overflow-hidden">
                {item.media_thumbnail_url ? <img src={item.media_thumbnail_url} alt="" loading="lazy" className="size-full object-cover" /> : <CatalogueIcon name="book" className="size-6 opacity-40" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="group-hover:text-primary line-clamp-2 font-semibold break-words">{item.media_title}</span>
                <span className="text-base-content/70 block text-xs">{t('search.duration', { time: formatDuration(item.media_duration) })}</span>
                {item.epustaka ? <span className="text-base-content/70 block truncate text-xs">{item.epustaka.epustaka_name}</span> : null}
              </span>
            </a>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square shrink-0"
              aria-label={`${t('catalogue.menu.share')}: ${item.media_title}`}
              title={t('catalogue.menu.share')}
              onClick={() => setShared(item)}
            >
              <CatalogueIcon name="share" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <ShareDialog
        open={shared !== null}
        book={shared ? { id: shared.id, book_title: shared.media_title } : null}
        onClose={() => setShared(null)}
        target={
          shared
            ? {
                path: sharedPath(kind, shared),
                title: t('search.share.title', { kind: t(`search.tab.${kind}`) }),
                linkLabel: t('search.share.link'),
                message: t('search.share.message', { title: shared.media_title }),
              }
            : undefined
        }
      />
    </>
  );
}
