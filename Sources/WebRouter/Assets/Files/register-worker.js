/* Registers WebRouter's service worker (offline pages, see service-worker.js) for the whole
   site. A page the worker did not answer tells it so, so every page a person opens works
   offline: one shown from the browser's prefetch is kept from the worker's copy of it; the
   first one, loaded before the worker existed, is fetched again once (a prerendered one is
   not: it was a speculation). */
'use strict';
if ('serviceWorker' in navigator) {
  const entry = performance.getEntriesByType('navigation')[0];
  const answeredByWorker = !!(entry && entry.workerStart > 0);
  const controlledAtLoad = !!navigator.serviceWorker.controller;
  // A prerendered page was fetched as a speculation: it is not fetched again to be kept.
  const prerendered = !!(document.prerendering || (entry && entry.activationStart > 0));
  navigator.serviceWorker.register('/_webrouter/service-worker.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!answeredByWorker && registration.active) {
        registration.active.postMessage({ type: 'visited', url: location.href, fetch: !controlledAtLoad && !prerendered });
      }
    })
    .catch(() => undefined);
}
