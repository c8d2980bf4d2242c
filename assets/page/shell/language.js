// The page's words in the player's language: the switch in the bar, the catalogs (compiled by
// the build from assets/i18n/*.po), and every element marked data-i18n. Python takes the
// language and its catalog from here, rather than loading them again.

import { byId, targetOf } from "../dom.js";
import { FACTS } from "../facts.js";
import { asMsgid, msgidKey, pickLanguage, say } from "../pure/words.js";
import { showStarters } from "./setup.js";
import { storage } from "./storage.js";

/** @import { Catalog } from "../protocol.js" */

const LANGUAGE_KEY = FACTS.storageKeys.language;
/** @type {Record<string, Catalog>} */
const catalogs = { [FACTS.sourceLanguage]: {} };

function savedOrBrowserLanguage() {
  const saved = storage && storage.getItem(LANGUAGE_KEY);
  return pickLanguage([saved, ...navigator.languages], FACTS.languages, FACTS.sourceLanguage);
}

/**
 * A language's catalog, loaded once (none, if it cannot be had: the page's own words).
 * @param {string} language
 */
export async function catalog(language) {
  if (!catalogs[language]) {
    try {
      const response = await fetch(`i18n/${language}.json`);
      catalogs[language] = response.ok ? await response.json() : {};
    } catch {
      catalogs[language] = {};
    }
  }
  return catalogs[language];
}

// Elements marked data-i18n show their English text (the msgid) translated; attributes
// listed in data-i18n-attr likewise. The msgids are kept aside for the next switch (or
// written by the build, data-msgid and data-msgid-ATTRIBUTE, with their placeholders' values
// in data-i18n-params).
/** @type {string | null} */
let wantedLanguage = null;
// Whether the page shows the source language as the build wrote it (no switch yet): a start
// in English then has nothing to look at (each text and attribute looked at to find nothing
// to write: 3 of the script's 26 ms at a start on a phone 4x slower than a laptop).
let asBuilt = true;

/** The language chosen last, even while its catalog is still on the way. */
export function language() {
  return wantedLanguage || savedOrBrowserLanguage();
}

/** The language last asked to be shown, if any yet. */
export function wanted() {
  return wantedLanguage;
}

/**
 * Show the page in ``language``: true once shown; false if another language was chosen while
 * this one's catalog loaded (catalogs arrive in any order, and the last choice must win).
 * @param {string} language
 */
async function translate(language) {
  wantedLanguage = language;
  const texts = await catalog(language);
  if (language !== wantedLanguage) return false;
  const source = language === FACTS.sourceLanguage;
  if (!(asBuilt && source)) rewrite(texts);
  asBuilt &&= source;
  document.documentElement.lang = language;
  byId("language", HTMLSelectElement).value = language;
  return true;
}

/** @param {Catalog} texts */
function rewrite(texts) {
  // Only what differs is written, and a msgid kept aside only then: at a start in English
  // nothing is (a write would have the first frame style and lay out those elements again).
  for (const element of document.querySelectorAll("[data-i18n]")) {
    const html = /** @type {HTMLElement} */ (element);
    const shown = asMsgid(html.textContent ?? "");
    const msgid = html.dataset.msgid || shown;
    const text = say(texts, msgid, JSON.parse(html.dataset.i18nParams || "{}"));
    if (shown === text) continue;
    html.dataset.msgid = msgid;
    html.textContent = text;
  }
  for (const element of document.querySelectorAll("[data-i18n-attr]")) {
    const html = /** @type {HTMLElement} */ (element);
    const params = JSON.parse(html.dataset.i18nParams || "{}");
    for (const name of (html.dataset.i18nAttr ?? "").split(",")) {
      const key = msgidKey(name);
      const msgid = html.dataset[key] || html.getAttribute(name) || "";
      const value = say(texts, msgid, params);
      if (html.getAttribute(name) === value) continue;
      html.dataset[key] = msgid;
      html.setAttribute(name, value);
    }
  }
}

/** @param {string} language */
async function switchLanguage(language) {
  try {
    storage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage full or refused: the language still changes, only not for the next visit.
  }
  await showLanguage(language);
}

/** @param {string} language */
async function showLanguage(language) {
  if (await translate(language)) {
    showStarters();
    window.dispatchEvent(new CustomEvent("dadoteca:language", { detail: language }));
  }
}

/** The page in the language saved or the browser's, its players' placeholders too. */
export function showFirstLanguage() {
  translate(savedOrBrowserLanguage()).then(showStarters);
}

export function listenToLanguageChoices() {
  byId("language").addEventListener("change", (event) => {
    switchLanguage(/** @type {HTMLSelectElement} */ (targetOf(event)).value);
  });
  // A choice made in another window of the app reaches this one.
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY && FACTS.languages.includes(event.newValue ?? "")) {
      showLanguage(/** @type {string} */ (event.newValue));
    }
  });
}
