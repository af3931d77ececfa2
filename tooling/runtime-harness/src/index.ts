// Helpers the examples and the bench share to run @codemode/core on other runtimes than the test's own: a static
// server for browser pages, and a Worker bundled as wrangler would and served by workerd, offline.
export { serveFolder } from "./serve-folder.js";
export { bundleWorker, serveWorkerd, startWorker, whyNoWorkerd, type ServedWorker } from "./serve-workerd.js";
