import { useEffect, useRef, type RefObject } from 'react';

/** A point in the scrolling element's visible box, in CSS pixels from its top left corner. */
export interface Focus {
  x: number;
  y: number;
}

interface Handlers {
  /** The pinch ended having scaled the view by `factor` around `focus`. */
  onPinch: (factor: number, focus: Focus) => void;
  /** Two quick taps at about the same place. */
  onDoubleTap: (focus: Focus) => void;
}

const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_SLOP = 30;
const TAP_SLOP = 10;

/**
 * Pinch and double-tap zoom on a scrolling element (the PDF pages). While two fingers pinch, the
 * element is scaled on screen around them (a transform through the CSS object model); when they
 * lift, the caller redraws the pages at the new zoom. The browser's own pinch zoom is off there
 * (`touch-action: pan-x pan-y`), so the toolbars never zoom with the page.
 */
export function usePinchZoom(ref: RefObject<HTMLElement | null>, handlers: Handlers, enabled = true): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const controller = new AbortController();
    let pinch: { distance: number; focus: Focus; factor: number } | null = null;
    let tap: { x: number; y: number; at: number; moved: boolean } | null = null;
    let lastTap: { x: number; y: number; at: number } | null = null;

    const local = (touch: Touch): Focus => {
      const box = element.getBoundingClientRect();
      return { x: touch.clientX - box.left, y: touch.clientY - box.top };
    };
    const spread = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const reset = () => {
      element.style.transform = '';
      element.style.transformOrigin = '';
    };

    element.addEventListener(
      'touchstart',
      (event) => {
        if (event.touches.length === 2) {
          const [a, b] = [event.touches[0]!, event.touches[1]!];
          const first = local(a);
          const second = local(b);
          pinch = { distance: spread(a, b), focus: { x: (first.x + second.x) / 2, y: (first.y + second.y) / 2 }, factor: 1 };
          tap = null;
        } else if (event.touches.length === 1) {
          const touch = event.touches[0]!;
          tap = { x: touch.clientX, y: touch.clientY, at: Date.now(), moved: false };
        }
      },
      { passive: true, signal: controller.signal },
    );
    element.addEventListener(
      'touchmove',
      (event) => {
        if (pinch && event.touches.length === 2) {
          event.preventDefault();
          pinch.factor = spread(event.touches[0]!, event.touches[1]!) / pinch.distance;
          element.style.transformOrigin = `${pinch.focus.x}px ${pinch.focus.y}px`;
          element.style.transform = `scale(${pinch.factor})`;
        } else if (tap && event.touches.length === 1) {
          const touch = event.touches[0]!;
          if (Math.hypot(touch.clientX - tap.x, touch.clientY - tap.y) > TAP_SLOP) tap.moved = true;
        }
      },
      { passive: false, signal: controller.signal },
    );
    const end = (event: TouchEvent) => {
      if (pinch) {
        if (event.touches.length < 2) {
          const { factor, focus } = pinch;
          pinch = null;
          reset();
          if (Math.abs(factor - 1) > 0.05) latest.current.onPinch(factor, focus);
        }
        return;
      }
      const touch = event.changedTouches[0];
      if (!tap || !touch || tap.moved || event.touches.length > 0) return;
      const now = Date.now();
      if (lastTap && now - lastTap.at < DOUBLE_TAP_MS && Math.hypot(touch.clientX - lastTap.x, touch.clientY - lastTap.y) < DOUBLE_TAP_SLOP) {
        lastTap = null;
        event.preventDefault();
        latest.current.onDoubleTap(local(touch));
      } else {
        lastTap = { x: touch.clientX, y: touch.clientY, at: now };
      }
      tap = null;
    };
    element.addEventListener('touchend', end, { passive: false, signal: controller.signal });
    element.addEventListener(
      'touchcancel',
      () => {
        pinch = null;
        tap = null;
        reset();
      },
      { signal: controller.signal },
    );
    return () => {
      controller.abort();
      reset();
    };
  }, [ref, enabled]);
}
