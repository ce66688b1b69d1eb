import { useEffect } from 'react';
import { $contentBlurred, guardDocument } from '../../lib/reader/guard-store.ts';
import { beaconProgress, endReading, setCounting } from '../../lib/reader/store.ts';

/**
 * The reader's page-wide behaviour: the protections against copying (copies come out empty, no context menu, the developer-tool
 * shortcuts blocked, the page hidden for 2 s after a screenshot key), the blur when the
 * window loses focus or the mouse leaves it, the duration clock that pauses while the tab is
 * hidden, and the position sent when the page goes away.
 */
export function useReaderGuard(): void {
  useEffect(() => {
    const unguard = guardDocument(document);
    const blur = () => {
      // Focus moving into a book's own frame (EPUB chapters) is still reading.
      if (document.activeElement instanceof HTMLIFrameElement) return;
      $contentBlurred.set(true);
    };
    const unblur = () => $contentBlurred.set(false);
    const visibility = () => {
      setCounting(document.visibilityState === 'visible');
      if (document.visibilityState === 'hidden') beaconProgress();
    };
    // One signal removes every listener below.
    const listeners = new AbortController();
    const { signal } = listeners;
    window.addEventListener('blur', blur, { signal });
    document.documentElement.addEventListener('mouseleave', blur, { signal });
    document.documentElement.addEventListener('mouseenter', unblur, { signal });
    window.addEventListener('click', unblur, { capture: true, signal });
    window.addEventListener('focus', unblur, { signal });
    document.addEventListener('visibilitychange', visibility, { signal });
    window.addEventListener('pagehide', beaconProgress, { signal });
    return () => {
      unguard();
      listeners.abort();
      endReading();
    };
  }, []);
}
