// ESLint for the JavaScript of the app and its tests (`npm run lint`, run by build/test): the
// recommended rules, and those that catch real bugs the recommended ones leave (a variable
// used before it is set, == where === was meant, a loop that cannot loop, ...). Types
// are tsc's (tsconfig.json); formatting is left to the house style.
//
// Each kind of file gets only the globals it really has: the page's modules a window's, the
// Python worker's modules a worker's, the service worker its own, and assets/page/pure/ none
// but the language's, so that Node's unit tests (tests/js/) can import them: a DOM name there
// is an error here.

import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "dist-test/", "node_modules/", ".venv/", "build/.cache/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      "array-callback-return": "error",
      "eqeqeq": ["error", "always", { null: "ignore" }],
      "no-constructor-return": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      // `const { omitted, ...kept } = object` leaves a property out on purpose.
      "no-unused-vars": ["error", { ignoreRestSiblings: true }],
      "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
      "no-var": "error",
      "prefer-const": "error",
      "radix": "error",
    },
  },
  {
    files: ["assets/page.js", "assets/page/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["assets/page/pure/**/*.js"],
    languageOptions: { globals: { ...globals.es2022, TextDecoder: "readonly" } },
  },
  {
    // A classic script, run first: not a module.
    files: ["assets/boot-watch.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["assets/*.mjs"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["service-worker.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["eslint.config.js", "build/**/*.mjs", "tests/**/*.js"],
    languageOptions: { globals: globals.node },
  },
];
