import { useEffect, type RefObject } from 'react';

/** A horizontal swipe: 'left' moves the finger to the left (forward in a left-to-right book). */
export type SwipeDirection = 'left' | 'right';

/** Least horizontal travel of a swipe, in CSS pixels. */
const MIN_DISTANCE = 45;
/** Longest swipe; a slower move is a drag or a selection. */
const MAX_DURATION_MS = 900;

/**
 * Listens for one-finger horizontal swipes on `target` (an element, or a chapter frame's document)
 * and for taps, which report where they landed in the window of `target`. Two fingers (a pinch), a
 * mostly vertical move or a slow drag are not swipes. Returns the function that stops listening.
 */
export function attachSwipe(target: Document | HTMLElement, onSwipe: (direction: SwipeDirection) => void): () => void {
  let start: { x: number; y: number; at: number } | null = null;
  const controller = new AbortController();
  const options = { passive: true, signal: controller.signal } as const;
  target.addEventListener(
    'touchstart',
    (event) => {
      const touches = (event as TouchEvent).touches;
      start = touches.length === 1 ? { x: touches[0]!.clientX, y: touches[0]!.clientY, at: Date.now() } : null;
    },
    options,
  );
  target.addEventListener(
    'touchmove',
    (event) => {
      const touches = (event as TouchEvent).touches;
      if (touches.length > 1) start = null;
      if (!start || touches.length !== 1) return;
      // A sideways move that has nothing to scroll sideways is a page turn: it must not reach the
      // browser, which would take it for a swipe back through the history.
      const dx = Math.abs(touches[0]!.clientX - start.x);
      const dy = Math.abs(touches[0]!.clientY - start.y);
      const element = target.nodeType === 9 ? null : (target as HTMLElement);
      if (dx > dy && event.cancelable && (!element || element.scrollWidth <= element.clientWidth)) event.preventDefault();
    },
    { passive: false, signal: controller.signal },
  );
  target.addEventListener(
    'touchend',
    (event) => {
      const touch = (event as TouchEvent).changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5 || Date.now() - from.at > MAX_DURATION_MS) return;
      // A swipe that selected text is a selection, not a page turn.
      // A chapter frame's document is not an instance of this window's Document: test the node type.
      const doc = target.nodeType === 9 ? (target as Document) : (target as HTMLElement).ownerDocument;
      const selection = doc?.getSelection();
      if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
      onSwipe(dx < 0 ? 'left' : 'right');
    },
    options,
  );
  target.addEventListener('touchcancel', () => (start = null), options);
  return () => controller.abort();
}

/** {@link attachSwipe} on an element for as long as `enabled`. */
export function useSwipe(ref: RefObject<HTMLElement | null>, onSwipe: (direction: SwipeDirection) => void, enabled = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    return attachSwipe(element, onSwipe);
  }, [ref, onSwipe, enabled]);
}
