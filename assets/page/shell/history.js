// The History dialog: the finished games this device keeps (written by Python, read here even
// before Python starts), cleared on request. Exporting, importing and opening a game again
// wait for Python (assets/page/table/files.js).

import { byId, one } from "../dom.js";
import { FACTS } from "../facts.js";
import { finishedGames, seatLevel } from "../pure/history.js";
import { openDialog } from "./dialogs.js";
import { showKept } from "./keeping.js";
import { nameElement } from "./setup-form.js";
import { storage } from "./storage.js";

/** @import { FinishedGame } from "../pure/history.js" */

const HISTORY_KEY = FACTS.storageKeys.history; // written by Python (dadoteca_web.history.History)
const RECORD_PREFIX = FACTS.storageKeys.recordPrefix; // + an entry's id: its game's record
export const historyDialog = byId("history", HTMLDialogElement);

/**
 * A game's name as the setup shows it; with a Qwixx ``variant``, its score pad's name.
 * @param {unknown} id
 * @param {unknown} [variant]
 */
export function gameName(id, variant) {
  const pad = [...document.querySelectorAll("#setup select[name=variant] option")]
    .find((option) => typeof variant === "string" && variant !== ""
      && /** @type {HTMLOptionElement} */ (option).value === variant);
  if (pad) return pad.textContent;
  const input = [...document.querySelectorAll("#setup input[name=game]")]
    .find((radio) => /** @type {HTMLInputElement} */ (radio).value === id);
  return input ? one(".game-name", /** @type {Element} */ (input.closest("label"))).textContent
    : String(id);
}

/**
 * One finished game. Names are the players' own: text only, never HTML, each isolated.
 * @param {FinishedGame} game
 * @param {Intl.DateTimeFormat} when
 */
function historyEntry(game, when) {
  const item = document.createElement("li");
  const head = document.createElement("p");
  const title = document.createElement("strong");
  title.textContent = gameName(game.game, game.variant);
  const time = document.createElement("time");
  const ended = new Date(/** @type {string} */ (game.ended));
  if (!Number.isNaN(ended.getTime())) {
    time.dateTime = ended.toISOString();
    time.textContent = when.format(ended);
  }
  head.append(title, " · ", time);
  /** @type {Record<string, string>} */
  const dice = {
    [FACTS.realDice]: "history-real-dice",
    [FACTS.sheetsOnly]: "history-sheets-only",
    [FACTS.dayDice]: game.practice === true ? "history-day-practice" : "history-day",
  };
  if (typeof game.dice === "string" && Object.hasOwn(dice, game.dice)) {
    head.append(" · ", byId(dice[game.dice]).textContent ?? "");
  }
  const players = document.createElement("ul");
  const winners = Array.isArray(game.winners) ? game.winners : [];
  game.players.forEach((player, seat) => {
    const line = document.createElement("li");
    if (winners.includes(seat)) {
      const mark = document.createElement("span");
      mark.setAttribute("role", "img");
      mark.setAttribute("aria-label", byId("history-winner").textContent ?? "");
      // The end table's star: a trophy emoji was a box where no emoji font is.
      mark.textContent = "★ ";
      line.append(mark);
      line.classList.add("winner");
    }
    const level = seatLevel(player?.kind, FACTS.botSeat);
    const option = document.querySelector(`.seat-kind option[value="${CSS.escape(level)}"]`);
    const who = String(player?.name ?? "");
    const score = Number.isFinite(player?.score) ? player?.score : "–";
    const computer = option && FACTS.levels.includes(level) ? ` (${option.textContent})` : "";
    line.append(nameElement(who), `${computer}: ${score}`);
    players.append(line);
  });
  item.append(head, players);
  // A game whose record is kept opens again (replay and review), once Python is ready.
  if (typeof game.id === "string" && storage?.getItem(RECORD_PREFIX + game.id) != null) {
    const open = document.createElement("button");
    open.type = "button";
    open.className = "history-open-game";
    open.dataset.entry = game.id;
    open.textContent = byId("history-open-game").textContent;
    open.disabled = document.documentElement.dataset.appState !== "ready";
    item.append(open);
  }
  return item;
}

// The History dialog, opened or (already open) painted again: after an import, with what it
// did said in it.
export function showHistory() {
  if (!historyDialog.open) one(".history-news", historyDialog).textContent = "";
  const games = finishedGames(storage && storage.getItem(HISTORY_KEY), FACTS.history);
  const when = new Intl.DateTimeFormat(document.documentElement.lang || "en", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  one(".history-list", historyDialog)
    .replaceChildren(...(games || []).map((game) => historyEntry(game, when)));
  one(".history-empty", historyDialog).hidden = games === null || games.length > 0;
  one(".history-unreadable", historyDialog).hidden = games !== null;
  one(".history-confirm", historyDialog).hidden = true;
  for (const id of ["history-clear", "history-export"]) {
    byId(id).hidden = !games || games.length === 0;
  }
  showKept();
  openDialog(historyDialog);
}

export function listenToHistoryButtons() {
  byId("history-open").addEventListener("click", showHistory);
  byId("history-close").addEventListener("click", () => historyDialog.close());
  byId("history-clear").addEventListener("click", () => {
    one(".history-confirm", historyDialog).hidden = false;
    byId("history-clear-yes").focus();
  });
  byId("history-clear-yes").addEventListener("click", () => {
    if (storage) {
      const keys = [HISTORY_KEY];
      for (let index = 0; index < storage.length; index += 1) {
        const key = /** @type {string} */ (storage.key(index));
        if (key.startsWith(RECORD_PREFIX)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
      // Python keeps a copy of the storage: told, as another window's writes are.
      window.dispatchEvent(new CustomEvent("dadoteca:removed", { detail: keys }));
    }
    showHistory();
  });
  // Another window's games reach this one.
  window.addEventListener("storage", (event) => {
    if (event.key === HISTORY_KEY && historyDialog.open) showHistory();
  });
}
