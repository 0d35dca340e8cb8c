// Analytics: the Google Tag Manager snippet (dataLayer + gtm.js), only when VITE_GTM_ID is set.
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';

export function startTagManager(containerId: string | undefined, doc: Document = document): void {
  if (!containerId) return;
  const w = doc.defaultView ?? window;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT_URL}?id=${encodeURIComponent(containerId)}`;
  doc.head.appendChild(script);
}
