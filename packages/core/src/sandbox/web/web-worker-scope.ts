// The few Web Worker globals the browser build uses. The shared tsconfig has no DOM library, where TypeScript
// declares them, and @types/node declares Node.js's own Worker.

/** A dedicated Web Worker as the page sees it. */
export interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessageerror: ((event: unknown) => void) | null;
}

declare global {
  /** The Web Worker constructor of browsers (and Deno, Bun); absent on Node.js and Cloudflare Workers. */
  var Worker: (new (url: URL, options: { type: "module" }) => WebWorker) | undefined;
}

/** The global scope inside a Web Worker. */
export interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
