import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { MediaItem } from '../../lib/media/schema.ts';
import { contentPath, formatDuration, SKIP_SECONDS, skipTo } from '../../lib/media/rules.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';
import { MediaGate } from './MediaGate.tsx';
import { ShareButton } from './ShareButton.tsx';
import { usePlayback } from './usePlayback.ts';

interface Props {
  lang: Lang;
  item: MediaItem;
  userId: string;
  start: number | null;
  epustakaId: string | null;
}

/**
 * The audio player: cover, title (two lines, the whole title as its tooltip),
 * play/pause, skip 5 s back and forward clamped to the item, resume from the saved place, keys
 * (Space, arrows) and Media Session controls (lock screen, headset). A non-member's play opens
 * the join / private-content dialog.
 */
export const AudioPlayer = withTexts(Audio, ['apiErrors', 'catalogue', 'common', 'errors', 'lending', 'media']);

function Audio({ item, userId, start, epustakaId }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [gate, setGate] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const startedAt = usePlayback(audio, {
    collectionId: item.epustaka_collection_id,
    canPlay: item.can_play,
    start,
    saved: item.progress,
    duration: item.media_duration,
    autoplay: false,
  });
  const duration = () => {
    const d = audio.current?.duration;
    return d !== undefined && Number.isFinite(d) ? d : item.media_duration;
  };
  const skip = (delta: number) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = skipTo(el.currentTime, delta, duration());
    setTime(el.currentTime);
  };
  const toggle = () => {
    const el = audio.current;
    if (!item.can_play || !el) {
      setGate(true);
      return;
    }
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };

  useEffect(() => {
    if (!item.can_play || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: item.media_title,
      artist: item.epustaka?.epustaka_name ?? '',
      artwork: item.media_thumbnail_url ? [{ src: new URL(item.media_thumbnail_url, window.location.origin).href, sizes: '360x360', type: 'image/jpeg' }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void audio.current?.play()],
      ['pause', () => audio.current?.pause()],
      ['seekbackward', () => skip(-SKIP_SECONDS)],
      ['seekforward', () => skip(SKIP_SECONDS)],
      ['seekto', (details) => {
        if (audio.current && details.seekTime !== undefined) audio.current.currentTime = skipTo(details.seekTime, 0, duration());
      }],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [item]);

  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'BUTTON' || target.tagName === 'A') return;
    if (event.key === 'ArrowLeft') skip(-SKIP_SECONDS);
    else if (event.key === 'ArrowRight') skip(SKIP_SECONDS);
    else if (event.key === ' ' || event.key === 'k') toggle();
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start" onKeyDown={onKey} tabIndex={-1}>
      <div className="bg-base-300 rounded-box grid aspect-square w-48 shrink-0 place-items-center overflow-hidden sm:w-56">
        {item.media_thumbnail_url ? <img src={item.media_thumbnail_url} alt="" className="h-full w-full object-cover" /> : <span className="text-base-content/70 text-sm">{t('media.audio.noCover')}</span>}
      </div>
      <div className="flex w-full min-w-0 flex-col gap-3">
        <h1 className="line-clamp-2 text-xl font-bold md:text-2xl" title={item.media_title}>
          {item.media_title}
        </h1>
        {item.can_play && item.media_file_url ? (
          <audio
            ref={audio}
            className="w-full"
            src={item.media_file_url}
            preload="metadata"
            onContextMenu={(event) => event.preventDefault()}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            data-start={startedAt ?? undefined}
          />
        ) : null}
        {/* One player: the element plays, these controls drive it (the browser's own controls stay off). */}
        <input
          type="range"
          className="range range-primary range-sm w-full"
          min={0}
          max={Math.max(1, Math.round(item.media_duration))}
          step={1}
          value={Math.min(Math.round(time), Math.max(1, Math.round(item.media_duration)))}
          aria-label={t('media.player.seek')}
          aria-valuetext={`${formatDuration(time)} / ${formatDuration(item.media_duration)}`}
          disabled={!item.can_play}
          onChange={(event) => skip(Number(event.currentTarget.value) - (audio.current?.currentTime ?? 0))}
          data-audio-seek
        />
        <div className="flex items-center gap-2">
          <button type="button" className="btn btn-circle btn-ghost" aria-label={t('media.player.back5')} onClick={() => skip(-SKIP_SECONDS)} disabled={!item.can_play}>
            −5
          </button>
          <button type="button" className="btn btn-circle btn-primary btn-lg" aria-label={playing ? t('media.player.pause') : t('media.player.play')} onClick={toggle} data-audio-toggle>
            {playing ? '❚❚' : '▶'}
          </button>
          <button type="button" className="btn btn-circle btn-ghost" aria-label={t('media.player.forward5')} onClick={() => skip(SKIP_SECONDS)} disabled={!item.can_play}>
            +5
          </button>
          <span className="text-base-content/70 ml-2 text-sm tabular-nums" data-audio-time>
            {formatDuration(time)} / {formatDuration(item.media_duration)}
          </span>
          <span className="ml-auto">
            <ShareButton path={contentPath('audio', item.id, epustakaId ?? item.epustaka_id)} />
          </span>
        </div>
      </div>
      <MediaGate open={gate} onClose={() => setGate(false)} epustaka={item.epustaka} userId={userId} />
    </div>
  );
}
