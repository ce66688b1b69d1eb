import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { MediaItem } from '../../lib/media/schema.ts';
import { contentPath, MINI_PLAYER_RATIO } from '../../lib/media/rules.ts';
import { membershipState } from '../../lib/libraries/membership-rules.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { MediaGate } from './MediaGate.tsx';
import { ShareButton } from './ShareButton.tsx';
import { usePlayback } from './usePlayback.ts';

interface Props {
  lang: Lang;
  item: MediaItem;
  userId: string;
  /** `d` of the address. */
  start: number | null;
  epustakaId: string | null;
}

/**
 * The video player: ranged streaming by the browser, start at `d` or the saved
 * place, save on pause and leave, no download control and no context menu, a mini player while
 * less than 10 % of it is on screen; autoplay (muted) only for an active member. A non-member
 * sees the thumbnail, and playing opens the join / private-content dialog.
 */
export const VideoPlayer = withTexts(Video, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'media']);

function Video({ item, userId, start, epustakaId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [gate, setGate] = useState(false);
  // After a player error the video is loaded again without preloading.
  const [fallback, setFallback] = useState(false);
  const [mini, setMini] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const active = item.epustaka ? membershipState(item.epustaka.has_join, item.epustaka.member_status) === 'active' : false;
  const startedAt = usePlayback(video, {
    collectionId: item.epustaka_collection_id,
    canPlay: item.can_play,
    start,
    saved: item.progress,
    duration: item.media_duration,
    autoplay: active,
    element: fallback ? 'fallback' : 'player',
  });

  useEffect(() => {
    const box = frame.current;
    if (!box || !item.can_play) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const away = (entry?.intersectionRatio ?? 1) < MINI_PLAYER_RATIO;
        const started = (video.current?.currentTime ?? 0) > 0;
        setMini(away && started);
        if (!away) setDismissed(false);
      },
      { threshold: [0, MINI_PLAYER_RATIO, 0.5] },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [item.can_play]);

  const floating = mini && !dismissed;
  return (
    <div className="flex flex-col gap-3">
      <div ref={frame} className="bg-base-300 rounded-box relative aspect-video w-full overflow-hidden">
        {item.can_play && item.youtube_id ? (
          <iframe
            className="h-full w-full"
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(item.youtube_id)}?mute=1&rel=0${start ? `&start=${start}` : ''}`}
            title={item.media_title}
            allow="encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            data-youtube
          />
        ) : item.can_play && item.media_file_url ? (
          <div className={floating ? 'fixed right-4 bottom-4 z-40 w-72 overflow-hidden rounded-lg shadow-2xl sm:w-96' : 'relative h-full w-full'} data-mini-player={floating ? 'true' : 'false'}>
            <video
              ref={video}
              className="h-full w-full bg-black"
              src={item.media_file_url}
              poster={item.media_thumbnail_url ?? undefined}
              controls
              controlsList="nodownload"
              disablePictureInPicture
              playsInline
              key={fallback ? 'fallback' : 'player'}
              preload={fallback ? 'none' : 'metadata'}
              onContextMenu={(event) => event.preventDefault()}
              onError={() => setFallback(true)}
              data-start={startedAt ?? undefined}
            />
            {fallback && (
              <p role="status" className="bg-base-100/90 absolute inset-x-0 top-0 p-2 text-center text-sm">
                {t('media.player.error')}
              </p>
            )}
            {floating && (
              <button type="button" className="btn btn-circle btn-xs absolute top-1 right-1" aria-label={t('media.player.miniClose')} onClick={() => setDismissed(true)}>
                ✕
              </button>
            )}
          </div>
        ) : (
          <button type="button" className="group relative h-full w-full" onClick={() => setGate(true)} aria-label={t('media.player.play')} data-gated-play>
            {item.media_thumbnail_url && <img src={item.media_thumbnail_url} alt="" className="h-full w-full object-cover" />}
            <span className="bg-base-100/90 absolute inset-0 m-auto grid size-16 place-items-center rounded-full text-2xl shadow group-hover:scale-105">▶</span>
          </button>
        )}
      </div>
      <div className="flex items-center justify-end gap-2">
        <ShareButton path={contentPath('video', item.id, epustakaId ?? item.epustaka_id)} />
      </div>
      <MediaGate open={gate} onClose={() => setGate(false)} epustaka={item.epustaka} userId={userId} />
    </div>
  );
}
