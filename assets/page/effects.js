// What the table sees, hears and feels of the game, driven by the events Python reports (each
// update's "events": a kind, the players it concerns, and its text when it is said in words):
// announcements, small animations, sounds made here with Web Audio (no sound files), vibration
// where the device has it, and the screen kept awake while a game is played. Sound and
// vibration have one switch, remembered; animations follow prefers-reduced-motion (CSS).
// The table (assets/page/table/paint.js) hands each update over as it is painted.

import { byId, one } from "./dom.js";
import { FACTS } from "./facts.js";
import { storage } from "./shell/storage.js";

/** @import { GameEvent, Update } from "./protocol.js" */

const SOUND_KEY = FACTS.storageKeys.sound;

// --- The switch ------------------------------------------------------------------------------

const switchButton = byId("sound");
let soundOn = storage?.getItem(SOUND_KEY) !== "off";

function showSwitch() {
  switchButton.setAttribute("aria-pressed", String(soundOn));
  switchButton.classList.toggle("off", !soundOn);
}

function listenToTheSwitch() {
  switchButton.addEventListener("click", () => {
    soundOn = !soundOn;
    try {
      storage?.setItem(SOUND_KEY, soundOn ? "on" : "off");
    } catch {
      // Not remembered (storage full or refused): the switch still works for this visit.
    }
    showSwitch();
    unlock(); // turned on: this tap may start the sound
    if (soundOn) sound("tick");
  });
  window.addEventListener("storage", (event) => {
    if (event.key === SOUND_KEY) {
      soundOn = event.newValue !== "off";
      showSwitch();
    }
  });
  showSwitch();
}

// --- Sounds, made here --------------------------------------------------------------------

/** @type {AudioContext | null} */
let audio = null;
// A running AudioContext keeps the device's audio output awake, and a thread rendering
// silence, for as long as the page is open: a phone's battery through a whole evening's game.
// It is suspended once this long has passed without a sound (the longest, the end's, lasts
// 0.7 s) and resumed by the next, which starts as it resumes.
const SILENT_AFTER_MS = 2000;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let silencing;

/** The sound's context, made at a person's first gesture; null where there is none. */
function context() {
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    audio = new Context();
  }
  if (audio.state === "suspended") audio.resume();
  clearTimeout(silencing);
  const running = audio;
  silencing = setTimeout(() => running.suspend(), SILENT_AFTER_MS);
  return audio;
}

/**
 * @typedef {object} Tone
 * @property {number} [at] seconds from now
 * @property {number} frequency
 * @property {OscillatorType} [type]
 * @property {number} [length] seconds
 * @property {number} [volume]
 */

/**
 * @param {AudioContext} ctx
 * @param {Tone} tone
 */
function tone(ctx, { at = 0, frequency, type = "sine", length = 0.12, volume = 0.2 }) {
  const start = ctx.currentTime + at;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + length);
}

/** @type {AudioBuffer | null} */
let rattling = null; // made once: a roll's sound costs no work on the page's thread after

/** @param {AudioContext} ctx */
function rattle(ctx) {
  if (!rattling) {
    const length = 0.28;
    rattling = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
    const samples = rattling.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) {
      // Clicks that thin out, like dice settling on a table.
      const click = Math.random() < 0.02 * (1 - i / samples.length) ? 1 : 0;
      samples[i] = (Math.random() * 2 - 1) * click;
    }
  }
  const source = ctx.createBufferSource();
  const gain = ctx.createGain();
  gain.gain.value = 0.5;
  source.buffer = rattling;
  source.connect(gain).connect(ctx.destination);
  source.start();
}

/** @type {Record<string, (ctx: AudioContext) => void>} */
const SOUNDS = {
  roll: (ctx) => rattle(ctx),
  tick: (ctx) => tone(ctx, { frequency: 880, length: 0.05, volume: 0.12 }),
  turn: (ctx) => {
    tone(ctx, { frequency: 660, length: 0.1, volume: 0.1 });
    tone(ctx, { at: 0.09, frequency: 880, length: 0.14, volume: 0.1 });
  },
  lock: (ctx) => {
    tone(ctx, { frequency: 220, type: "square", length: 0.08, volume: 0.08 });
    tone(ctx, { at: 0.08, frequency: 330, type: "square", length: 0.16, volume: 0.08 });
  },
  penalty: (ctx) => tone(ctx, { frequency: 110, type: "sawtooth", length: 0.3, volume: 0.12 }),
  prize: (ctx) => [523, 659, 784].forEach((frequency, index) => {
    tone(ctx, { at: index * 0.07, frequency, length: 0.14, volume: 0.12 });
  }),
  end: (ctx) => [523, 659, 784, 1047].forEach((frequency, index) => {
    tone(ctx, { at: index * 0.13, frequency, type: "triangle", length: 0.3, volume: 0.15 });
  }),
};

// Only once a person has tapped (below): before, the browser keeps any sound from starting,
// and making the AudioContext costs the page ~50 ms (~200 ms on a slow phone) at any moment.
/** @param {string} name */
function sound(name) {
  if (soundOn && audio) SOUNDS[name](/** @type {AudioContext} */ (context()));
}

/** @param {VibratePattern} pattern */
function vibrate(pattern) {
  if (soundOn && navigator.vibrate) navigator.vibrate(pattern);
}

// An AudioContext may only start on a person's gesture: their first tap or key (with the
// sound on) makes it.
function unlock() {
  if (!soundOn || !context()) return;
  document.removeEventListener("pointerdown", unlock);
  document.removeEventListener("keydown", unlock);
}

// --- What each kind of event does -----------------------------------------------------------

// What each game's events do, written by the build from the games' views (their EFFECTS,
// dadoteca_web.game_ui.Effect): a sound, a vibration, an animation on the sheets of the
// event's players, the end's sound.
const GAME_EFFECTS = FACTS.effects;
const ROLLED = FACTS.rolled;

/**
 * ``template`` with each ``{param}`` replaced by the event's.
 * @param {string} template
 * @param {GameEvent} event
 */
function filled(template, event) {
  const params = /** @type {Record<string, unknown>} */ (event);
  return template.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

/** @param {GameEvent} event */
function playEffect(event) {
  if (event.kind === ROLLED) {
    sound("roll");
    animate(document.querySelectorAll("#region-dice :is(.die, .dl-die, .sdie)"), "rolled");
    return;
  }
  const effect = GAME_EFFECTS[event.kind];
  if (!effect) return;
  if (effect.sound) sound(effect.sound);
  if (effect.vibrate) vibrate(effect.vibrate);
  if (effect.end) {
    sound("end");
    vibrate([60, 40, 200]);
  }
  const name = effect.animation;
  if (!name) return;
  if (effect.mark) animate(marks(event, filled(effect.mark, event)), name);
  if (effect.listed) {
    const listed = String(/** @type {Record<string, unknown>} */ (event)[effect.listed]);
    animate(listed.split(" ").flatMap((mark) => marks(event, mark.split("+")[0])), name);
  }
  if (effect.seats) animate(seats(event, filled(effect.seats, event)), name);
}

/**
 * The elements ``selector`` finds on the sheets of the event's players.
 * @param {GameEvent} event
 * @param {string} selector
 */
function seats(event, selector) {
  return event.players.flatMap((seat) => [
    ...document.querySelectorAll(`#play [data-seat="${seat}"] ${selector}`),
  ]);
}

// The shown elements of each mark (a cell, a number) by seat, found in one walk of the
// shown sheets per update (merged updates of computers at pace 0 bring dozens of marks);
// the hidden copy of a sheet (aria-hidden, drawn for when its player is asked) is left alone.
/** @type {Map<string, Element[]> | null} */
let shownMarks = null;
/**
 * @param {GameEvent} event
 * @param {string} mark
 */
function marks(event, mark) {
  if (!shownMarks) {
    shownMarks = new Map();
    const sheets = "#play section[data-seat]:not([aria-hidden='true'])";
    /** @type {NodeListOf<HTMLElement>} */
    const shownSheets = document.querySelectorAll(sheets);
    for (const sheet of shownSheets) {
      /** @type {NodeListOf<HTMLElement>} */
      const marked = sheet.querySelectorAll("[data-mark]");
      for (const element of marked) {
        const key = `${sheet.dataset.seat} ${element.dataset.mark}`;
        const found = shownMarks.get(key);
        if (found) found.push(element);
        else shownMarks.set(key, [element]);
      }
    }
  }
  const shown = shownMarks;
  return event.players.flatMap((seat) => shown.get(`${seat} ${mark}`) ?? []);
}

// A class for the length of its CSS animation; none under reduced motion. Started together
// once the update's effects are known (startAnimations): an animation still running is
// restarted by one layout in between for all of them, not one forced layout per element.
// None either for moves that came two or more to a frame (update.hurried: computers at pace
// 0), whose animations the next frame would start again: the dice, made anew each frame,
// stayed tilted in their tumble's first pose, and the animations were a third of each
// frame's work on a phone 4x slower than a laptop.
const stillness = matchMedia("(prefers-reduced-motion: reduce)");
const ANIMATION_MS = 2000; // the longest animation here, and then some
/** @type {[Element, string][]} */
const toAnimate = [];
/** @type {WeakMap<Element, number>} */
const endings = new WeakMap(); // element -> the timer that takes its animation's class off

/**
 * @param {Iterable<Element>} elements
 * @param {string} name
 */
function animate(elements, name) {
  if (stillness.matches) return;
  for (const element of elements) toAnimate.push([element, name]);
}

/** @param {boolean} [hurried] */
function startAnimations(hurried = false) {
  if (hurried) {
    toAnimate.length = 0;
    return;
  }
  const running = toAnimate.filter(([element, name]) => element.classList.contains(name));
  for (const [element, name] of running) element.classList.remove(name);
  if (running.length) void document.body.getBoundingClientRect();
  for (const [element, name] of toAnimate.splice(0)) {
    element.classList.add(name);
    clearTimeout(endings.get(element)); // a restarted animation runs its whole length
    endings.set(element, setTimeout(() => element.classList.remove(name), ANIMATION_MS));
  }
}

// --- Announcements: said (role=status) and shown where the eyes are -------------------------

// Said by a live region that never moves; shown in the messages' banner, in the page's flow
// (assets/page/table/notices.js), until the next action or the next announcement.
const announcer = byId("announce");
const banner = one(".messages .announced");

/** @param {string[]} texts */
function announce(texts) {
  if (!texts.length) return;
  const lines = () => texts.map((text) => {
    const line = document.createElement("p");
    line.innerHTML = text; // Python's HTML: names escaped there, like every region
    return line;
  });
  announcer.replaceChildren(...lines());
  banner.replaceChildren(...lines());
  banner.classList.add("shown");
}

/** The banner goes (the next action has started). */
export function putAwayBanner() {
  banner.classList.remove("shown");
}


// --- The screen stays awake during a game ---------------------------------------------------

/** @type {WakeLockSentinel | null} */
let wakeLock = null;
let playing = false;

async function keepAwake() {
  if (!playing || wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") {
    return;
  }
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => {
      wakeLock = null;
    });
  } catch {
    wakeLock = null; // refused (battery saver, a hidden page): the game goes on
  }
}

function letSleep() {
  wakeLock?.release().catch(() => {});
  wakeLock = null;
}

// --- From the table -------------------------------------------------------------------------

/**
 * What an update painted did: its events seen, heard and said; the screen kept awake while a
 * game is played.
 * @param {Update} update
 */
export function happened(update) {
  playing = update.screen === "play";
  if (playing) keepAwake();
  else letSleep();
  /** @type {string[]} */
  const texts = [];
  shownMarks = null; // the page as this update left it
  for (const event of update.events) {
    playEffect(event);
    if (event.text) texts.push(event.text);
  }
  shownMarks = null;
  startAnimations(update.hurried);
  announce(texts);
}

/**
 * The screen changed hands: to a person, heard and seen.
 * @param {Update} update
 */
export function handOver(update) {
  if (update.screen !== "play" || update.busy) return;
  sound("turn");
  vibrate(35);
  animate(document.querySelectorAll("#region-prompt .prompt"), "handed-over");
  startAnimations();
}

export function startEffects() {
  listenToTheSwitch();
  document.addEventListener("pointerdown", unlock);
  document.addEventListener("keydown", unlock);
  // Its words are the language's before a switch: taken away, not left in words the table
  // just turned from (the screen says the same in the new language).
  window.addEventListener("dadoteca:language", putAwayBanner);
  // The lock goes when the page is hidden; it is taken again when the page is back.
  document.addEventListener("visibilitychange", keepAwake);
}

