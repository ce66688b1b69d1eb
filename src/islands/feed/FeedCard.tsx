import { useTranslation } from '../shell/I18nRoot.tsx';
import type { FeedBook, FeedItem } from '../../lib/feed/schema.ts';
import { builtHref } from '../../lib/site/built-pages.ts';
import { bookPath } from '../../lib/catalogue/book.ts';
import { feedDetailPath } from '../../lib/feed/rules.ts';
import { formatRating } from '../../lib/ratings/rules.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { StrokeIcon } from '../shell/Icon.tsx';
import { Stars } from '../catalogue/Stars.tsx';
import { formatDate } from '../../lib/contract/format.ts';

export const HEART = ['M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z'];
export const BUBBLE = ['M4 5h16v11H9l-5 4z'];

interface Props {
  item: FeedItem;
  onLike: () => void;
  /** On the item's own page the comment count is not a link. */
  detail?: boolean;
  /** Offered on one's own posts. */
  onDelete?: () => void;
}

/** A profile link, when profiles exist, for users; ePustaka and schools are not clickable. */
function senderHref(item: FeedItem): string | undefined {
  if (item.sender_type === 'USER') return builtHref(`/profil/user/${item.sender.id}`);
  if (item.sender_type === 'EPUSTAKA') return builtHref(`/epustaka/${item.sender.id}`);
  return undefined;
}

/** One item of the timeline: who did what, the book or post, likes and comments. */
export function FeedCard({ item, onLike, detail = false, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const when = formatDate(item.created_at, i18n.language, 'dateTime');
  const href = senderHref(item);
  const detailHref = feedDetailPath(item.id);
  return (
    <article className="card bg-base-100 border-base-300 border" data-testid="feed-item" data-feed-type={item.feed_type} aria-label={t(`feed.action.${item.feed_type}`, { name: item.sender.name })}>
      <div className="card-body gap-3 p-4">
        <header className="flex items-center gap-3">
          <a href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <Avatar name={item.sender.name} id={item.sender.id} src={item.sender.avatar_url} className="size-10 text-sm" />
          </a>
          <div className="min-w-0 flex-1">
            <p className="text-sm">
              <a href={href} className={href ? 'link link-hover font-semibold' : 'font-semibold'}>
                {item.sender.name}
              </a>{' '}
              <span className="text-base-content/70">{t(`feed.verb.${item.feed_type}`)}</span>
              {item.feed_type === 'BOOK_RECOMMENDATION' && item.recommendation_target.length > 0 ? (
                <span className="text-base-content/70"> {t('feed.to', { names: item.recommendation_target.map((u) => u.name).join(', ') })}</span>
              ) : null}
            </p>
            <a href={detailHref} className="text-base-content/70 link link-hover text-xs">
              <time dateTime={item.created_at}>{when}</time>
            </a>
          </div>
        </header>

        {item.feed_type === 'BOOK_REVIEW' && item.review ? (
          <div className="flex flex-col gap-1">
            <Stars value={item.review.rating_level} label={t('feed.rating', { value: formatRating(item.review.rating_level, i18n.language) })} />
            <p className="whitespace-pre-line break-words" data-testid="feed-review-text">
              {item.review.rating_comment}
            </p>
          </div>
        ) : null}
        {(item.feed_type === 'BOOK_RECOMMENDATION' || item.feed_type === 'VISUAL_POST') && item.message ? (
          <p className="whitespace-pre-line break-words" data-testid="feed-message">
            {item.message}
          </p>
        ) : null}
        {item.post?.image_url ? (
          <a href={detailHref} className="block overflow-hidden rounded-box">
            <img src={item.post.image_url} alt={t('feed.postImage', { name: item.sender.name })} loading="lazy" decoding="async" className="bg-base-200 max-h-[28rem] w-full object-contain" />
          </a>
        ) : null}
        {item.book ? <BookLine book={item.book} /> : null}

        <footer className="border-base-300 flex items-center gap-2 border-t pt-2">
          <button
            type="button"
            className={`btn btn-ghost btn-sm gap-1.5 ${item.has_like ? 'text-error' : ''}`}
            aria-pressed={item.has_like}
            onClick={onLike}
            data-testid="feed-like"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false" fill={item.has_like ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
              <path d={HEART[0]} />
            </svg>
            <span className="sr-only">{item.has_like ? t('feed.unlike') : t('feed.like')}</span>
            <span data-testid="feed-like-count">{item.total_like}</span>
          </button>
          {detail ? (
            <span className="text-base-content/70 flex items-center gap-1.5 px-3 text-sm">
              <StrokeIcon paths={BUBBLE} className="size-5" />
              {t('feed.comments', { count: item.total_comment })}
            </span>
          ) : (
            <a href={detailHref} className="btn btn-ghost btn-sm gap-1.5" data-testid="feed-comments">
              <StrokeIcon paths={BUBBLE} className="size-5" />
              {t('feed.comments', { count: item.total_comment })}
            </a>
          )}
          {onDelete && item.is_mine && item.feed_type === 'VISUAL_POST' ? (
            <button type="button" className="btn btn-ghost btn-sm text-error ml-auto" onClick={onDelete}>
              {t('feed.deletePost')}
            </button>
          ) : null}
        </footer>
      </div>
    </article>
  );
}

function BookLine({ book }: { book: FeedBook }) {
  const { t } = useTranslation();
  const href = builtHref(bookPath(book.id));
  return (
    <a href={href} className="bg-base-200 hover:bg-base-300 flex items-center gap-3 rounded-box p-2">
      {book.cover_url ? (
        <img src={book.cover_url} alt="" loading="lazy" decoding="async" className="h-16 w-11 shrink-0 rounded object-cover shadow-sm" />
      ) : (
        <span className="bg-base-300 h-16 w-11 shrink-0 rounded" aria-hidden="true" />
      )}
      <span className="min-w-0">
        <span className="line-clamp-2 block font-semibold">{book.book_title}</span>
        {book.author_name ? <span className="text-base-content/70 block truncate text-sm">{t('feed.by', { name: book.author_name })}</span> : null}
      </span>
    </a>
  );
}
