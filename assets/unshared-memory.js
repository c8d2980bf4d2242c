// Pyodide 314 makes one shared WebAssembly.Memory as it loads, only for a synchronous sleep that
// Atomics.wait()s on it. On a page's main thread Atomics.wait always throws (the sleep catches
// it and gives up), so that memory is never used here; but shared memory in a page that is not
// cross-origin isolated (no plain static host makes it so) is a deprecated SharedArrayBuffer use
// that Chromium warns about (Lighthouse's "deprecations" audit) and means to refuse. Unshared, it
// is the same page-sized buffer for the same never-taken use. Deferred, so it runs before
// PyScript's module script, which comes after it in index.html.
"use strict";

if (!self.crossOriginIsolated) {
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(Memory, [descriptor, ...rest]) {
      const shared = descriptor && descriptor.shared;
      const unshared = shared ? { ...descriptor, shared: false } : descriptor;
      return Reflect.construct(Memory, [unshared, ...rest]);
    },
  });
}
