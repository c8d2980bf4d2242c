// The types of Pyodide's module as the Python worker imports it (assets/python-start.mjs:
// "../pyodide/pyodide.mjs", where the build puts it): npm's pyodide package declares them
// beside its own pyodide.js. Only for `tsc -p tsconfig.workers.json`, which finds this file
// through its rootDirs.
export { loadPyodide, version } from "pyodide";
