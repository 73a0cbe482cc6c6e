/* Registers WebRouter's service worker (offline pages, see service-worker.js) for the whole
   site. A page the worker did not fetch (the first one, loaded before it existed) asks it to
   keep the page too, so every page a person opens works offline. */
'use strict';
if ('serviceWorker' in navigator) {
  const entry = performance.getEntriesByType('navigation')[0];
  const fetchedByWorker = !!(entry && entry.workerStart > 0);
  navigator.serviceWorker.register('/_webrouter/service-worker.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!fetchedByWorker && registration.active) {
        registration.active.postMessage({ type: 'remember', url: location.href });
      }
    })
    .catch(() => undefined);
}
