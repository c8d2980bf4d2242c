// The page's words in the player's language (assets/page/shell/language.js shows them). No DOM
// here (tests/js/words.test.js runs it in Node).

/** @import { Catalog } from "../protocol.js" */

/**
 * The first of ``tags`` (a saved choice, then the browser's languages: "es-AR") whose language
 * the app speaks, else ``fallback``.
 * @param {(string | null | undefined)[]} tags
 * @param {string[]} languages
 * @param {string} fallback
 */
export function pickLanguage(tags, languages, fallback) {
  for (const tag of tags) {
    if (!tag) continue;
    const language = tag.split("-")[0].toLowerCase();
    if (languages.includes(language)) return language;
  }
  return fallback;
}

/**
 * ``msgid`` translated by ``texts`` (itself where they lack it), its placeholders ("{name}")
 * filled from ``params`` (those it has no value for left as they are).
 * @param {Catalog} texts
 * @param {string} msgid
 * @param {Record<string, unknown>} [params]
 */
export function say(texts, msgid, params = {}) {
  return (texts[msgid] || msgid)
    .replace(/\{(\w+)\}/g, (field, name) => String(params[name] ?? field));
}

/**
 * The data-* key keeping an attribute's msgid: "aria-label" is kept in data-msgid-aria-label,
 * its key "msgidAriaLabel".
 * @param {string} attribute
 */
export function msgidKey(attribute) {
  return `msgid${attribute.replace(/(^|-)(\w)/g, (_, __, letter) => letter.toUpperCase())}`;
}

/**
 * An element's text as a msgid is written: its spaces and line breaks as single spaces.
 * @param {string} text
 */
export function asMsgid(text) {
  return text.trim().replace(/\s+/g, " ");
}
