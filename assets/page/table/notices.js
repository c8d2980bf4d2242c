// The messages: a notice (Python's, in #region-notice, or the page's own) and the banner of a
// big moment (assets/page/effects.js). They are in the page's flow, never over the game: at
// the foot of the decision bar on a game's screens (beside the board on a landscape phone),
// above Start on the setup. One shows at a time (a notice before a banner: the CSS), and each
// goes when the next action starts, not on a timer: a message leaving by itself moved the
// board under a finger about to tap it.

import { byId, one, targetOf } from "../dom.js";
import { putAwayBanner } from "../effects.js";
import { atNextFrame } from "../frame-work.js";
import { historyDialog } from "../shell/history.js";
import { saidOfHistory } from "./files.js";
import { shown } from "./shown.js";
import { store } from "./storage.js";

/** @import { FailedUpdate, Update } from "../protocol.js" */

const messages = one(".messages");
const region = byId("region-notice");
const homes = { setup: one("#setup .start-bar"), game: one("#play .table-top") };
// The notice was put away by an action, whose answer may leave it as it is: Python then still
// says it (the same words again, or a tap on a screen gone by, which changes nothing).
let putAwayByAction = false;
// The room of messages an action put away is kept until the game moves on (another moment,
// or screen): Diceland's map, fitted to the screen under them, grew as they went and moved
// the cells under a finger choosing them one by one.
/** @type {{moment: number, screen: string} | null} */
let roomKeptFor = null;

/**
 * The messages where the eyes are on ``screen``: above Start, or at the foot of the
 * decision bar (moved only when the screen changes).
 * @param {string} screen
 */
function placeMessages(screen) {
  if (screen === "setup") {
    if (messages.parentElement !== homes.setup) homes.setup.prepend(messages);
  } else if (messages.parentElement !== homes.game) {
    homes.game.append(messages);
  }
}

/** The next action starts: the messages of the last one go. */
export function messagesAway() {
  if (messages.querySelector(".announced.shown, .notice:not(.put-away)")) {
    // Its height as laid out (the page is, as a tap starts), to the fraction of a pixel.
    messages.style.minHeight = `${messages.getBoundingClientRect().height}px`;
    roomKeptFor = { moment: shown.moment, screen: document.body.dataset.screen ?? "" };
  }
  const notices = /** @type {NodeListOf<HTMLElement>} */ (region.querySelectorAll(".notice"));
  for (const notice of notices) {
    if (notice.dataset.page) notice.remove(); // the page's own: Python never paints it again
    else notice.classList.add("put-away");
  }
  putAwayByAction = true;
  putAwayBanner();
}

/**
 * An update painted: the messages placed for its screen; a notice of Python's put away by
 * the action it answers shown again if Python still says it (it sent no new notice).
 * @param {Update} update
 */
export function messagesPainted(update) {
  placeMessages(update.screen);
  const kept = roomKeptFor;
  if (kept && (update.moment !== kept.moment || update.screen !== kept.screen)) {
    messages.style.minHeight = "";
    roomKeptFor = null;
  }
  if (putAwayByAction && !("notice" in update.regions)) {
    region.querySelector(".notice.put-away")?.classList.remove("put-away");
  }
  putAwayByAction = false;
  showMessagesInView();
}

// On a landscape phone the decision bar is a column of its own, scrolled when it is taller
// than the screen: a message at its foot is scrolled into view, under the controls it follows
// (the column scrolled, and the page by the little the column's foot is below the screen).
// As the next frame is drawn: measured now, the page would be laid out in the tap's own task,
// once more.
function showMessagesInView() {
  const shown = messages.querySelector(".announced.shown, .notice:not(.put-away)");
  if (!shown) return;
  atNextFrame(() => {
    const box = messages.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) messages.scrollIntoView({ block: "nearest" });
  });
}

/**
 * A notice of the page's own (Python knows nothing of it): ``text`` in words, as ``kind``.
 * @param {string} text
 * @param {"info" | "error"} kind
 */
export function sayOnThePage(text, kind) {
  const notice = document.createElement("p");
  notice.className = `notice ${kind}`;
  notice.dataset.page = "yes";
  notice.setAttribute("role", kind === "error" ? "alert" : "status");
  notice.textContent = text;
  region.replaceChildren(notice);
  showMessagesInView();
}

/**
 * A file downloaded, said with its name and where it went, in the History dialog if it is
 * open (its export), else with the messages.
 * @param {string} name
 */
export function sayDownloaded(name) {
  const text = byId("said-downloaded").textContent?.replace("{file}", name) ?? name;
  if (historyDialog.open) saidOfHistory({ text, kind: "info" });
  else sayOnThePage(text, "info");
}

/**
 * Python could not work out what to paint: its writes are made, and the failure said where
 * the eyes are, the History dialog's news while it is open, else with the messages.
 * @param {FailedUpdate} update
 */
export function sayFailure({ failed, writes }) {
  store(writes);
  if (historyDialog.open) {
    saidOfHistory({ text: failed, kind: "error" });
    return;
  }
  sayOnThePage(failed, "error");
}

export function listenToNotices() {
  byId("setup").addEventListener("submit", messagesAway);
  // A tap on a notice puts it away.
  region.addEventListener("click", (event) => {
    targetOf(event).closest(".notice")?.classList.add("put-away");
  });
}
