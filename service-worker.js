// Dadoteca service worker: precache the whole site, serve it cache-first, update politely.
// build/build.py fills in VERSION (a hash over every shipped file) and PRECACHE
// ([relative URL, sha256] for every file of dist/ except this one).
"use strict";

const VERSION = "{{VERSION}}";
const PRECACHE = /* {{PRECACHE}} */ [];

// Cache storage is per origin: the scope in the name keeps two deployments on one host apart.
const CACHE_PREFIX = `dadoteca ${self.registration.scope} `;
const CACHE_NAME = CACHE_PREFIX + VERSION;
// Every cached response carries the sha256 of its body, so the next version can reuse it
// instead of downloading the 12 MB Python runtime again.
const HASH_HEADER = "X-Dadoteca-Sha256";

const toHex = (buffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function reusable(url, sha256, oldCaches) {
  for (const name of oldCaches) {
    const response = await (await caches.open(name)).match(url);
    if (response?.headers.get(HASH_HEADER) === sha256) return response;
  }
  return null;
}

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

async function precache() {
  const oldCaches = (await caches.keys()).filter(
    (name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME,
  );
  const cache = await caches.open(CACHE_NAME);
  await Promise.all(
    PRECACHE.map(async ([path, sha256]) => {
      const url = new URL(path, self.location).href;
      const response = (await reusable(url, sha256, oldCaches)) ?? (await download(url, sha256));
      await cache.put(url, response);
    }),
  );
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
async function matchNavigation(cache, request) {
  const url = new URL(request.url);
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return cache.match(url.href);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const cached =
    request.mode === "navigate" ? await matchNavigation(cache, request) : await cache.match(request);
  return cached ?? fetch(request);
}

// No skipWaiting() here: a new version waits until the player accepts the update banner, so a
// game in progress is never swapped to new code under its feet.
self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(cacheFirst(request));
});
