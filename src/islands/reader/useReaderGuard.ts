import { useEffect } from 'react';
import { $contentBlurred, guardDocument } from '../../lib/stores/reader-guard.ts';
import { beaconProgress, endReading, setCounting } from '../../lib/stores/reader.ts';

/**
 * The reader's page-wide behaviour: the protections of spec 02 §4.7 and §6, the blur when the
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
    window.addEventListener('blur', blur);
    document.documentElement.addEventListener('mouseleave', blur);
    document.documentElement.addEventListener('mouseenter', unblur);
    window.addEventListener('click', unblur, true);
    window.addEventListener('focus', unblur);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', beaconProgress);
    return () => {
      unguard();
      window.removeEventListener('blur', blur);
      document.documentElement.removeEventListener('mouseleave', blur);
      document.documentElement.removeEventListener('mouseenter', unblur);
      window.removeEventListener('click', unblur, true);
      window.removeEventListener('focus', unblur);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', beaconProgress);
      endReading();
    };
  }, []);
}
