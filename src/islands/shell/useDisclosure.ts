import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * A button that shows and hides a panel (WAI-ARIA disclosure): Escape closes it and returns focus
 * to the button; a click outside, or focus moving out of the root, closes it.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    // On the document: Safari does not focus a clicked button, so focus may be outside the root.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  const onBlur = useCallback(
    (event: FocusEvent) => {
      // relatedTarget is null when a click lands on something unfocusable; the pointer handler decides then.
      const next = event.relatedTarget as Node | null;
      if (next && !rootRef.current?.contains(next)) close();
    },
    [close],
  );

  return { open, toggle, close, rootRef, buttonRef, onBlur };
}
