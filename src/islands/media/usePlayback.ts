import { useEffect, useState, type RefObject } from 'react';
import { startPosition } from '../../lib/media/rules.ts';
import { savePosition, savePositionOnLeave } from '../../lib/media/store.ts';

interface Options {
  collectionId: string | null;
  canPlay: boolean;
  /** `d` of the address, in seconds. */
  start: number | null;
  /** The saved place, in seconds. */
  saved: number;
  duration: number;
  /** Start by itself, muted (an active member's video). */
  autoplay: boolean;
  /** Changes when the player element is replaced (after an error). */
  element?: string;
}

/**
 * Starts a player at `d` or at the saved place, and saves the place when it pauses and when the
 * page is left or hidden. Returns the second it started at, once known.
 */
export function usePlayback(ref: RefObject<HTMLMediaElement | null>, options: Options): number | null {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const { collectionId, canPlay, start, saved, duration, autoplay, element } = options;
  useEffect(() => {
    const el = ref.current;
    if (!el || !canPlay) return;
    const begin = () => {
      const at = startPosition(start, saved, Number.isFinite(el.duration) ? el.duration : duration);
      if (at > 0) el.currentTime = at;
      setStartedAt(at);
      if (autoplay) {
        el.muted = true;
        void el.play().catch(() => undefined);
      }
    };
    if (el.readyState >= 1) begin();
    else el.addEventListener('loadedmetadata', begin, { once: true });
    if (!collectionId) return () => el.removeEventListener('loadedmetadata', begin);
    const onPause = () => void savePosition(collectionId, el.currentTime);
    const onLeave = () => {
      if (el.currentTime > 0) savePositionOnLeave(collectionId, el.currentTime);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') onLeave();
    };
    el.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      el.removeEventListener('loadedmetadata', begin);
      el.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [ref, collectionId, canPlay, start, saved, duration, autoplay, element]);
  return startedAt;
}
