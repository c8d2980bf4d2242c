// Offline: the service worker (service-worker.js) precaches the whole site. A new version
// waits (it never swaps the code under a game in progress); the player is offered it and takes
// it with one tap. The browser looks for a new service-worker.js at every visit; with
// updateViaCache "all" it asks the network only once the HTTP cache's copy is stale (the host
// sends it with a max-age, see build/serve.py), so a repeat visit within that time makes no
// request at all.
//
// Whether the app can be played offline is said quietly below the page (#offline, its words
// chosen by data-state): while the first install downloads, once the active worker says its
// cache holds every file (it fetches back what is missing while online), or that an install
// failed or files are missing; then it is tried again when the device is back online, and at
// the next visit.

import { byId } from "../dom.js";
import { keepSetupForReload } from "./setup-kept.js";

function registerServiceWorker() {
  const offline = byId("offline");
  if (!("serviceWorker" in navigator)) {
    // Plain http on a home network (not a secure context), or a browser that allows none.
    offline.dataset.state = "unavailable";
    return;
  }
  const banner = byId("update");
  const offer = (/** @type {ServiceWorker} */ worker) => {
    banner.hidden = false;
    byId("update-accept").onclick = () => worker.postMessage("SKIP_WAITING");
  };
  const show = (/** @type {string} */ state) => {
    offline.dataset.state = state;
  };
  // The active worker checks its cache (repairing it if it can) and answers on a port.
  const check = (/** @type {ServiceWorker | null} */ worker) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => show(data.missing ? "missing" : "ready");
    /** @type {ServiceWorker} */ (worker).postMessage("CHECK", [channel.port2]);
  };
  const watched = new WeakSet(); // a first install is both installing and found
  /**
   * @param {ServiceWorkerRegistration} registration
   * @param {ServiceWorker | null} worker
   */
  const watchInstall = (registration, worker) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      if (worker.state === "activated") check(worker);
      // An older version still serves the app offline while a new one fails to install.
      if (worker.state === "redundant" && !registration.active) show("failed");
    });
  };
  /** @type {RegistrationOptions} */
  const options = { updateViaCache: "all" };
  const register = () => navigator.serviceWorker.register("service-worker.js", options).then(
    (registration) => {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      if (registration.active) check(registration.active);
      else show("installing");
      if (registration.installing) watchInstall(registration, registration.installing);
      registration.addEventListener("updatefound", () => {
        watchInstall(registration, registration.installing);
      });
    },
    () => show("failed"),
  );
  register();
  window.addEventListener("online", () => {
    if (offline.dataset.state === "failed") register();
    else if (offline.dataset.state === "missing") navigator.serviceWorker.ready.then(
      (registration) => check(registration.active),
    );
  });
  // The new version takes over every window of the app at once (after the player accepted
  // it in one): each reloads into it. The game is saved after every action and the setup's
  // fields are kept (keepSetupForReload), so nothing is lost. A first install, taking
  // control of a page that had no service worker, needs no reload.
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const replaced = controlled;
    controlled = true;
    if (!reloading && replaced) {
      reloading = true;
      keepSetupForReload();
      window.dispatchEvent(new Event("dadoteca:reloading"));
      location.reload();
    }
  });
}

// Once Python has started: precaching earlier would download the runtime a second time while
// the page is still loading it; afterwards the service worker revalidates (304) what the page
// already has in the HTTP cache.
export function registerServiceWorkerOnceBooted() {
  const root = document.documentElement;
  const booted = () => ["ready", "failed"].includes(root.dataset.appState ?? "");
  if (booted()) {
    registerServiceWorker();
    return;
  }
  const watcher = new MutationObserver(() => {
    if (!booted()) return;
    watcher.disconnect();
    registerServiceWorker();
  });
  watcher.observe(root, { attributeFilter: ["data-app-state"] });
}
