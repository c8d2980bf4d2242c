// Dadoteca service worker: precache the whole site, serve it cache-first, update politely.
// build/build.py fills in VERSION (a hash over every shipped file) and PRECACHE
// ([relative URL, sha256] for every file of dist/ except this one).
"use strict";

// This script's global scope, a service worker's (TypeScript's types know it as a worker's).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "{{VERSION}}";
/** @type {[path: string, sha256: string][]} */
const PRECACHE = /* {{PRECACHE}} */ [];

// Cache storage is per origin: the scope in the name keeps two deployments on one host apart.
const CACHE_PREFIX = `dadoteca ${sw.registration.scope} `;
const CACHE_NAME = CACHE_PREFIX + VERSION;
// Every cached response carries the sha256 of its body, so the next version can reuse it
// instead of downloading the 12 MB Python runtime again.
const HASH_HEADER = "X-Dadoteca-Sha256";

const toHex = (/** @type {ArrayBuffer} */ buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * A response to ``url`` with this body, from one of the caches ``names``, if any has it.
 * @param {string} url
 * @param {string} sha256
 * @param {string[]} names
 */
async function reusable(url, sha256, names) {
  for (const name of names) {
    const response = await (await caches.open(name)).match(url);
    if (response?.headers.get(HASH_HEADER) === sha256) return response;
  }
  return null;
}

/**
 * @param {string} url
 * @param {string} sha256 what its body must hash to
 */
async function download(url, sha256) {
  // no-cache: never precache a stale copy from the HTTP cache.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = toHex(await crypto.subtle.digest("SHA-256", body));
  // A mismatch means the host is half-way through a deploy: fail, the browser retries later.
  if (digest !== sha256) throw new Error(`precache ${url}: sha256 ${digest}, expected ${sha256}`);
  const headers = new Headers(response.headers);
  // The body is stored decoded: a brotli/gzip response's encoding and length no longer apply.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set(HASH_HEADER, sha256);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

const urlOf = (/** @type {string} */ path) => new URL(path, sw.location.href).href;

// Files fetched at once. Each is read whole into memory (decoded, hashed, copied into the
// cache): the site's 80 files all at once held its 24 MB together, at a first visit, beside
// Python's start (the page's process in WebKit holds its service worker too).
const AT_ONCE = 4;

/**
 * ``work`` done for each of ``items``, AT_ONCE at a time; its results, in order.
 * @template T, R
 * @param {T[]} items
 * @param {(item: T) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
async function inTurns(items, work) {
  /** @type {R[]} */
  const results = [];
  let next = 0;
  const turns = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, turns));
  return results;
}

// The precache entries this version's cache lacks. Its keys, not a match of each file: a match
// reads the file whole into memory (WebKit's), and this runs at every start of the app.
async function missing() {
  const cache = await caches.open(CACHE_NAME);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  return PRECACHE.filter(([path]) => !cached.has(urlOf(path)));
}

// Every file of the precache, from this version's cache (what an interrupted install had
// already stored: the next attempt resumes), an older version's, or the network; then checked:
// a version is installed, and so claims to be playable offline, only with every file cached.
async function precache() {
  const keep = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
  const cache = await caches.open(CACHE_NAME);
  await inTurns(PRECACHE, async ([path, sha256]) => {
    const url = urlOf(path);
    const response = (await reusable(url, sha256, keep)) ?? (await download(url, sha256));
    await cache.put(url, response);
  });
  const absent = await missing();
  if (absent.length) throw new Error(`precache incomplete: ${absent.length} files missing`);
}

// The page asks whether the app can be played offline: the files missing from the cache (the
// browser may have evicted some, or storage failed) are fetched again first, when the network
// allows; the answer is how many are still missing.
async function repair() {
  const cache = await caches.open(CACHE_NAME);
  const still = await inTurns(await missing(), async ([path, sha256]) => {
    try {
      await cache.put(urlOf(path), await download(urlOf(path), sha256));
      return 0;
    } catch {
      return 1; // offline, or the host has moved on to another version
    }
  });
  return still.reduce((/** @type {number} */ sum, count) => sum + count, 0);
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

// A navigation to the app (any query string, with or without "index.html") gets the cached shell.
/**
 * @param {Cache} cache
 * @param {Request} request
 */
async function matchNavigation(cache, request) {
  const url = new URL(request.url);
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return cache.match(url.href);
}

/** @param {Request} request */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached =
    request.mode === "navigate" ? await matchNavigation(cache, request) : await cache.match(request);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") return missingPage(cache);
    throw error;
  }
}

// The page itself is missing from the cache and the network is gone: say so, in the language of
// the device (the player's choice is in the page's storage, out of reach here), rather than the
// browser's error page. The words are index.html's own, from the cached catalog when there is
// one.
const MISSING_TEXT = "Some of the game's files are missing on this device. Open Dadoteca once " +
  "with an internet connection to get them back.";
const TRY_AGAIN = "Try again";
const MISSING_STYLE = ":root{color-scheme:light dark;font-family:system-ui,sans-serif}" +
  "body{max-width:34rem;margin:1rem auto;padding:0 0.8rem;line-height:1.4}" +
  "a{display:inline-block;padding:0.7rem 1rem;border-radius:10px;background:#5b3cc4;" +
  "color:#fff;font-weight:700;text-decoration:none}";

/** @param {Cache} cache */
async function missingPage(cache) {
  const language = (sw.navigator.languages?.[0] ?? "en").split("-")[0].toLowerCase();
  /** @type {Record<string, string>} */
  let catalog = {};
  try {
    catalog = (await (await cache.match(urlOf(`i18n/${language}.json`)))?.json()) ?? {};
  } catch {
    // No catalog: English.
  }
  const escape = (/** @type {string} */ text) =>
    text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const say = (/** @type {string} */ text) => escape(catalog[text] || text);
  const html = `<!doctype html><html lang="${escape(language)}"><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dadoteca</title>' +
    `<style>${MISSING_STYLE}</style><h1>Dadoteca</h1>` +
    `<p>${say(MISSING_TEXT)}</p><p><a href="">${say(TRY_AGAIN)}</a></p></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Nothing of another origin, nor any script: its own style only.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

// No skipWaiting() here: a new version waits until the player accepts the update banner, so a
// game in progress is never swapped to new code under its feet.
sw.addEventListener("install", (event) => event.waitUntil(precache()));

sw.addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => sw.clients.claim()));
});

sw.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") sw.skipWaiting();
  // The page asks whether it can be played offline; the answer goes to the port it sent.
  if (event.data === "CHECK" && event.ports[0]) {
    event.waitUntil(repair().then((count) => event.ports[0].postMessage({ missing: count })));
  }
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(cacheFirst(request));
});
