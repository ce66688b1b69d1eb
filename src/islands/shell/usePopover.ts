import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A button that shows and hides a panel through the HTML Popover API. The browser does the work:
 * the button's `popovertarget` opens the panel even before the island has hydrated, Escape and a
 * click outside close it (focus returns to the button), and assistive technology hears whether
 * it is expanded. Leaving the panel with Tab closes it too. `open` follows the panel, so content can be rendered only while it shows.
 *
 * Spread `buttonProps` on the button and `panelProps` on the panel; `id` must be unique on the page.
 */
export function usePopover<T extends HTMLElement = HTMLElement>(id: string) {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<T>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    // Opened before hydration: what belongs in it renders now.
    if (panel.matches(':popover-open')) setOpen(true);
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    // Tabbing out of the menu closes it, as a click outside does; focus moving within it does not.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !panel.contains(next) && panel.matches(':popover-open')) panel.hidePopover();
    };
    panel.addEventListener('toggle', onToggle);
    panel.addEventListener('focusout', onFocusOut);
    return () => {
      panel.removeEventListener('toggle', onToggle);
      panel.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const close = useCallback(() => {
    const panel = panelRef.current;
    if (panel?.matches(':popover-open')) panel.hidePopover();
  }, []);

  return {
    open,
    close,
    buttonProps: { popoverTarget: id },
    panelProps: { id, ref: panelRef, popover: 'auto' as const },
  };
}
