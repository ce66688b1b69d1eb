import { atom } from 'nanostores';

/** How long a screenshot key hides the page (spec 02 §9). */
export const SCREENSHOT_HIDE_MS = 2000;

/** True for 2 seconds after the screenshot or Meta key (spec 02 §4.7). */
export const $contentHidden = atom(false);
/** True while the window has lost focus or the mouse has left it, until a click or the mouse returns. */
export const $contentBlurred = atom(false);

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Hides the page for {@link SCREENSHOT_HIDE_MS} and empties the clipboard. */
export function hideForScreenshot(): void {
  $contentHidden.set(true);
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => $contentHidden.set(false), SCREENSHOT_HIDE_MS);
  void navigator.clipboard?.writeText('').catch(() => {});
}

/**
 * True for the developer-tool shortcuts the reader blocks (spec 02 §6): F12, Ctrl+Shift+I/J/C and
 * Ctrl+U (Cmd on a Mac). Reading keys (arrows, Page Up/Down, typing) are never among them.
 */
export function isBlockedShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  if (event.key === 'F12') return true;
  const key = event.key.toLowerCase();
  const command = event.ctrlKey || event.metaKey;
  if (command && (event.shiftKey || event.altKey) && ['i', 'j', 'c'].includes(key)) return true;
  return command && !event.shiftKey && key === 'u';
}

/** True for the screenshot key (code 44) or the Meta key, which hide the page (spec 02 §4.7). */
export function isScreenshotKey(event: Pick<KeyboardEvent, 'key' | 'keyCode'>): boolean {
  return event.key === 'PrintScreen' || event.keyCode === 44 || event.key === 'Meta' || event.key === 'OS';
}

/**
 * Puts the reader's protections on a document (the page, or an EPUB chapter's frame): copying
 * yields nothing, no context menu, developer-tool shortcuts blocked, screenshot keys hide the
 * page. Returns a function that takes them off.
 */
export function guardDocument(doc: Document): () => void {
  const onCopy = (event: ClipboardEvent) => {
    event.preventDefault();
    event.clipboardData?.setData('text/plain', '');
  };
  const onContextMenu = (event: Event) => event.preventDefault();
  const onKeyDown = (event: KeyboardEvent) => {
    if (isBlockedShortcut(event)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (isScreenshotKey(event)) {
      hideForScreenshot();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    // Some systems report the screenshot key on release only.
    if (event.key === 'PrintScreen' || event.keyCode === 44) hideForScreenshot();
  };
  doc.addEventListener('copy', onCopy);
  doc.addEventListener('cut', onCopy);
  doc.addEventListener('contextmenu', onContextMenu);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('keyup', onKeyUp, true);
  return () => {
    doc.removeEventListener('copy', onCopy);
    doc.removeEventListener('cut', onCopy);
    doc.removeEventListener('contextmenu', onContextMenu);
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('keyup', onKeyUp, true);
  };
}
