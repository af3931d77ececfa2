// `import text from "./file.js?raw"` gives a file's text: vitest does it natively, the build with the raw-text plugin of
// @codemode/tsdown-config, a worker started from source with the loader hook in sandbox/host/start-worker.ts.
declare module "*?raw" {
  const text: string;
  export default text;
}
