/** Tapping this share of the page's width at either edge turns the page. */
const TAP_ZONE = 0.3;

/**
 * Turns taps on the outer parts of a chapter into page turns: `onTap` hears which side, unless the
 * tap was on a link or a control, or ended a text selection.
 */
export function attachTapZones(doc: Document, onTap: (side: 'left' | 'right') => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target as Element | null;
    if (target?.closest?.('a[href], button, input, select, textarea, label, audio, video, summary, [role="button"]')) return;
    const selection = doc.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
    const frame = doc.defaultView?.frameElement as HTMLElement | null;
    const stage = frame?.closest('.epub-stage');
    if (!frame || !stage) return;
    const x = frame.getBoundingClientRect().left + event.clientX;
    const box = stage.getBoundingClientRect();
    const share = (x - box.left) / box.width;
    if (share < TAP_ZONE) onTap('left');
    else if (share > 1 - TAP_ZONE) onTap('right');
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
