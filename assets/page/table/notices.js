// The messages over the page's foot: a notice goes away when tapped (or after a while, if it
// is news rather than an error): it must never hide for long what is under it.

import { byId, one, targetOf } from "../dom.js";
import { historyDialog } from "../shell/history.js";
import { saidOfHistory } from "./files.js";
import { store } from "./storage.js";

/** @import { FailedUpdate } from "../protocol.js" */

const NEWS_MS = 6000;
let newsTimer = 0;

export function putAwayNewsLater() {
  clearTimeout(newsTimer);
  const news = document.querySelector("#region-notice .notice:not(.error)");
  if (news) newsTimer = setTimeout(() => news.classList.add("put-away"), NEWS_MS);
}

/**
 * Python could not work out what to paint: its writes are made, and the failure said where
 * the eyes are, the History dialog's news while it is open, else the notice region (painted
 * again by Python's next update).
 * @param {FailedUpdate} update
 */
export function sayFailure({ failed, writes }) {
  store(writes);
  if (historyDialog.open) {
    saidOfHistory({ text: failed, kind: "error" });
    return;
  }
  const notice = document.createElement("p");
  notice.className = "notice error";
  notice.setAttribute("role", "alert");
  notice.textContent = failed;
  byId("region-notice").replaceChildren(notice);
}

export function listenToNotices() {
  byId("region-notice").addEventListener("click", (event) => {
    targetOf(event).closest(".notice")?.classList.add("put-away");
  });

  // The page keeps room below its content for the messages: whatever they cover can be
  // scrolled above them. Set on the one element it pads: an inherited property on the root
  // would restyle every element of the page each time a message shows or goes.
  const messages = one(".messages");
  const app = byId("app");
  new ResizeObserver(() => {
    app.style.paddingBottom = `${messages.offsetHeight}px`;
  }).observe(messages);
}
