/* Registers WebRouter's service worker (offline pages, see service-worker.js) for the whole
   site. This page was loaded before the worker existed: once it runs, it is asked to keep
   this page too, so the first page a person opens also works offline. */
'use strict';
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/_webrouter/service-worker.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!navigator.serviceWorker.controller && registration.active) {
        registration.active.postMessage({ type: 'remember', url: location.href });
      }
    })
    .catch(() => undefined);
}
