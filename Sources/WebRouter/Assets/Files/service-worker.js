/* WebRouter's service worker (served at /_webrouter/service-worker.js, scope "/"): offline
   that tells the truth.
   - The chrome's files (content-hashed, immutable) are kept at install and served from the
     cache first.
   - Pages are fetched from the network first; every page a person opens is kept, its URL the
     key (each state of the app is a URL). With the network gone, a kept page is shown marked
     offline; a page never opened shows the offline page, in the chrome.
   - A form sent offline gets a page saying it was not sent.
   - `/`, which an installed app starts at and the server redirects, leads offline where it
     led last (the WebRouter-Start header).
   - Pages are kept per account: every page names its account's opaque tag (the
     WebRouter-Account header); when it changes (sign-in, sign-out), every kept page is
     dropped before the new one is kept, so nothing signed-in is shown to anyone else.
   The server writes CONFIG (the files to keep, the version) when it starts. */
'use strict';

const CONFIG = /*WEBROUTER_CONFIG*/{};
const ASSETS = 'webrouter-assets-' + CONFIG.version;
const PAGES = 'webrouter-pages';
const ACCOUNT_KEY = CONFIG.offline + '?account';
const START_KEY = CONFIG.offline + '?start';
let account = null;
/* Pages the browser fetched ahead of a click (speculation rules), by URL: a click whose
   navigation comes here is answered with that copy instead of a second request. */
const speculated = new Map();
const SPECULATION_LIFETIME = 5 * 60 * 1000;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(ASSETS);
    // One by one: a missing file of the app's must not stop the others.
    await Promise.all(CONFIG.assets.map((url) => cache.add(url).catch(() => undefined)));
    await keepOfflinePages();
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('webrouter-assets-') && name !== ASSETS)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

/* A page the worker did not answer (loaded before it, or from the browser's prefetch) asks to
   be kept: from the copy a prefetch left here, else (when it was loaded before the worker)
   fetched once more. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'visited' || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const ahead = speculated.get(url.href);
  speculated.delete(url.href);
  if (ahead) {
    event.waitUntil(remember(url.href, ahead.response));
  } else if (data.fetch) {
    // Purpose: prefetch tells the server this copy is no visit (a script may not send Sec-Purpose).
    event.waitUntil(fetch(url.href, { credentials: 'same-origin', headers: { Purpose: 'prefetch' } })
      .then((response) => remember(url.href, response)).catch(() => undefined));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === CONFIG.events) return;
  if (request.mode === 'navigate') {
    event.respondWith(request.method === 'GET' ? page(event) : fetch(request).catch(() => offlinePage(true)));
  } else if (CONFIG.networkFirst.some((prefix) => url.pathname.startsWith(prefix))) {
    if (request.method === 'GET') event.respondWith(networkFirst(request));   // files that change under one URL
  } else if (CONFIG.assets.includes(url.pathname) || url.pathname.startsWith(CONFIG.appAssets)) {
    if (request.method === 'GET') event.respondWith(cacheFirst(request));     // content-hashed: one URL, the same bytes
  } else if (!url.pathname.startsWith(CONFIG.reserved)) {
    // The enhancement script's fetches: a form it sends, the page it morphs into. The page is
    // kept under the URL it landed on; offline, the fetch fails and the script navigates.
    event.respondWith(fetch(request).then((response) => {
      if ((request.method === 'GET' || response.redirected) && !isPrefetch(request)) {
        event.waitUntil(remember(response.url, response.clone()));
      }
      return response;
    }));
  }
});

function isPrefetch(request) {
  return !!(request.headers.get('Sec-Purpose') || request.headers.get('Purpose'));
}

async function page(event) {
  const request = event.request;
  if (!isPrefetch(request)) {
    const ahead = speculated.get(request.url);
    speculated.delete(request.url);
    if (ahead && Date.now() - ahead.at < SPECULATION_LIFETIME) {
      event.waitUntil(remember(request.url, ahead.response.clone()));
      return ahead.response;
    }
  }
  let response;
  try {
    response = await fetch(request);
    if (isPrefetch(request)) {
      const now = Date.now();
      for (const [url, ahead] of speculated) if (now - ahead.at >= SPECULATION_LIFETIME) speculated.delete(url);
      speculated.set(request.url, { response: response.clone(), at: now });
      return response;
    }
  } catch (error) {
    const pages = await caches.open(PAGES);
    const kept = await pages.match(request.url, { ignoreVary: true });
    if (kept) return markedOffline(kept);
    // `/` (an installed app's start) leads where it led this account last time.
    const start = new URL(request.url).pathname === '/' ? await pages.match(START_KEY) : undefined;
    if (start) return Response.redirect(await start.text(), 302);
    return offlinePage(false);
  }
  // A prefetch is no visit: only pages a person opened are kept.
  if (!isPrefetch(request)) event.waitUntil(remember(request.url, response.clone()));
  return response;
}

/* Keeps a page the network answered, after dropping every kept page if its account changed. */
async function remember(url, response) {
  const tag = response.headers.get('WebRouter-Account');
  if (tag === null) return;
  await checkAccount(tag);
  const start = response.headers.get('WebRouter-Start');
  if (start !== null && start.startsWith('/')) await (await caches.open(PAGES)).put(START_KEY, new Response(start));
  const type = response.headers.get('Content-Type') || '';
  if (response.status !== 200 || response.type !== 'basic' || !type.startsWith('text/html')) return;
  const pages = await caches.open(PAGES);
  await pages.put(url, response);
}

async function checkAccount(tag) {
  if (account === null) {
    const kept = await (await caches.open(PAGES)).match(ACCOUNT_KEY);
    account = kept ? await kept.text() : '';
  }
  if (account === tag) return;
  await caches.delete(PAGES);
  await setAccount(tag);
  await keepOfflinePages();
}

async function setAccount(tag) {
  account = tag;
  await (await caches.open(PAGES)).put(ACCOUNT_KEY, new Response(tag));
}

/* The offline pages, drawn in the chrome of the current account (which they name). */
async function keepOfflinePages() {
  const pages = await caches.open(PAGES);
  await Promise.all([CONFIG.offline, CONFIG.offline + '?form'].map(async (url) => {
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) return;
      const tag = response.headers.get('WebRouter-Account');
      if (tag !== null && account === null) await setAccount(tag);
      await pages.put(url, response);
    } catch (error) { /* offline now: kept from before, if at all */ }
  }));
}

async function offlinePage(form) {
  const pages = await caches.open(PAGES);
  const kept = await pages.match(CONFIG.offline + (form ? '?form' : ''), { ignoreVary: true });
  if (!kept) return Response.error();
  return new Response(kept.body, { status: 503, statusText: 'Offline', headers: kept.headers });
}

/* A kept page, with a notice at the top saying it is what the person saw last, and when. */
async function markedOffline(kept) {
  const html = await kept.text();
  const date = new Date(kept.headers.get('Date') || Date.now());
  const saved = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const notice = '<aside class="offline-notice" aria-label="Offline"><p>You are offline. This is the page as you last saw it, on '
    + escapeHTML(saved) + '.</p></aside>';
  const marked = html.replace(/<body([^>]*)>/, (tag, attributes) => '<body' + attributes + ' data-offline="">' + notice);
  const headers = new Headers(kept.headers);
  headers.set('WebRouter-Offline', 'kept');
  return new Response(marked, { status: 200, headers: headers });
}

function escapeHTML(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}
