/**
 * Registers the service worker (public/sw.js) once the page has loaded, where the browser has
 * them (secure contexts only). Signed-in pages only: public pages ship no script.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // Offline, a page the worker answered has nothing to update it from.
  if (navigator.serviceWorker.controller && !navigator.onLine) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('The service worker could not be registered', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
