// The start-up watchdog. The page's first script, run before anything else is asked for, so it
// hears every file that fails to arrive; self-contained, so it works whichever other file is
// missing. Until the app is ready (<html data-app-state="ready">: assets/page/table/boot.js sets
// it once Python and the page's scripts are up), these end the start at once, as
// data-app-state="failed" with data-boot-problem saying why (index.html's #boot-failed shows
// the matching words, translated by the shell, and a Try again link):
// - a script, a module, a stylesheet or a preloaded runtime file that fails to load (the page
//   shows no game without its looks: index.html keeps it hidden until assets/app.css is there);
// - a fetch or an import that fails unhandled (PyScript's own);
// - Python's worker that cannot start (assets/page/table/python.js says so, with its error;
//   PyScript's own error banner is switched off in index.html, its tracebacks go to the console).
// A start that is still not ready after START_LIMIT_MS is said to be slow, and goes on.
"use strict";

(() => {
  // A cold start takes 2.5-3.1 s here at 4x CPU throttling, 1.7-2.2 s at 1x (tests/bench/
  // browser.py, 2026-11-28, on a 2-core machine): a minute is twenty times the slowest, but on
  // a slow network the first visit's 7 MB may take that long, so it is only said.
  const START_LIMIT_MS = 60000;
  const root = document.documentElement;
  const started = () => root.dataset.appState === "ready";

  // "offline": the service worker serves this page, so its cache lacks a file it should hold
  // (opening the app once online brings it back); "network": a visit without it.
  function problem() {
    return navigator.serviceWorker?.controller ? "offline" : "network";
  }

  /**
   * End the start as failed, for ``reason`` (index.html's #boot-failed words it): the first
   * failure names the reason, what follows from it is no news.
   * @param {"offline" | "network" | "start"} reason
   * @param {unknown} detail what failed, for the console
   */
  function fail(reason, detail) {
    if (started()) return;
    console.error("Dadoteca cannot start:", detail);
    if (root.dataset.appState === "failed") return;
    root.dataset.bootProblem = reason;
    root.dataset.appState = "failed";
  }

  const sameOrigin = (/** @type {string} */ url) =>
    Boolean(url) && new URL(url, location.href).origin === location.origin;

  // Resource errors do not bubble: heard while they go down to their element.
  addEventListener("error", (event) => {
    const element = event.target;
    if (element instanceof HTMLScriptElement && sameOrigin(element.src)) {
      fail(problem(), element.src);
    } else if (
      element instanceof HTMLLinkElement &&
      /^(stylesheet|preload|modulepreload)$/.test(element.rel) &&
      sameOrigin(element.href)
    ) {
      fail(problem(), element.href);
    }
  }, true);

  // A fetch or a dynamic import that failed (a TypeError in every browser), left unhandled by
  // the runtime that made it.
  addEventListener("unhandledrejection", (event) => {
    if (event.reason instanceof TypeError) fail(problem(), event.reason);
  });

  // Python's worker could not start (assets/page/table/python.js): a file it needs that did not
  // arrive (assets/python-start.mjs says which) is a TypeError, as a failed fetch() is, and is
  // the connection's fault or a file missing on the device; anything else is the start's.
  window.dadotecaBootWatch = {
    failed(error) {
      const name = /** @type {{name?: unknown} | null | undefined} */ (error)?.name;
      fail(name === "TypeError" ? problem() : "start", error);
    },
  };

  setTimeout(() => {
    if (!started() && root.dataset.appState !== "failed") root.dataset.bootProblem = "slow";
  }, Math.max(0, START_LIMIT_MS - performance.now()));
})();
