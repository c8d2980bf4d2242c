// What the page's modules know of the world beyond what TypeScript's DOM types say: the
// browsers' own additions, the start-up watchdog's (assets/boot-watch.js, a classic script run
// first), the table's for tests and benchmarks, and the page's own events.

import type { Update } from "./protocol.js";

declare global {
  interface Navigator {
    /** Safari's own: false in a tab, true from the Home Screen; undefined elsewhere. */
    readonly standalone?: boolean;
  }

  interface Window {
    /** Safari before 14.1. */
    webkitAudioContext?: typeof AudioContext;
    /** assets/boot-watch.js: the start failed, for this reason. */
    dadotecaBootWatch: { failed(error: unknown): void };
    /** assets/page/table/main.js, for tests/e2e and tests/bench. */
    dadotecaTable: { facts: object; settled(): Promise<void>; drawn(): Promise<void> };
  }

  interface WindowEventMap {
    /** An update painted (a part of one, when it comes in frames). */
    "dadoteca:painted": CustomEvent<Update>;
    /** The page is shown in another language, chosen now. */
    "dadoteca:language": CustomEvent<string>;
    /** A big file of Python's runtime has arrived in its worker, at this time. */
    "dadoteca:arrived": CustomEvent<{ file: string; at?: number }>;
    /** The shell removed these storage keys (the history cleared). */
    "dadoteca:removed": CustomEvent<string[]>;
    /** A new version reloads the page. */
    "dadoteca:reloading": Event;
  }
}
