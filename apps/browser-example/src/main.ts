// A page that runs model-written scripts against tools of the page itself. Vite and webpack (each builds it) ship
// @codemode/core's WebAssembly as assets (the build's `new URL("../quickjs.wasm", import.meta.url)`) and its Web
// Worker as a chunk; the engines run in Web Workers (`?engine=in-process`: on the page's own thread).
import { createCodeMode, defineTool } from "@codemode/core";

const BOOKS = [
  { title: "The Left Hand of Darkness", author: "Le Guin", year: 1969, rating: 4.6 },
  { title: "Kindred", author: "Butler", year: 1979, rating: 4.7 },
  { title: "Solaris", author: "Lem", year: 1961, rating: 4.3 },
  { title: "The Dispossessed", author: "Le Guin", year: 1974, rating: 4.5 },
];

const engine = new URLSearchParams(location.search).get("engine") === "in-process" ? "in-process" : "workers";

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const code = element<HTMLTextAreaElement>("code");
const output = element<HTMLPreElement>("result");
const approval = element<HTMLParagraphElement>("approval");
const calls = element<HTMLParagraphElement>("calls");
const stats = element<HTMLParagraphElement>("stats");

/** Asks the person on the page, who answers with the Approve or Deny button. */
function askPerson(tool: string, args: unknown): Promise<boolean> {
  element("approval-text").textContent = `${tool}(${JSON.stringify(args)})`;
  approval.hidden = false;
  return new Promise((resolve) => {
    const answer = (approved: boolean) => () => {
      approval.hidden = true;
      resolve(approved);
    };
    element("approve").onclick = answer(true);
    element("deny").onclick = answer(false);
  });
}

const codeMode = createCodeMode({
  engine,
  tools: [
    defineTool({
      name: "library.search",
      description: "Books by an author.",
      inputSchema: { type: "object", properties: { author: { type: "string" } }, required: ["author"] },
      execute: async ({ author }: { author: string }) => BOOKS.filter((book) => book.author === author),
    }),
    defineTool({
      name: "library.fullText",
      description: "The text of a book: `chapters` chapters of a few kilobytes each.",
      inputSchema: { type: "object", properties: { title: { type: "string" }, chapters: { type: "number" } }, required: ["title", "chapters"] },
      execute: async ({ title, chapters }: { title: string; chapters: number }) =>
        Array.from({ length: chapters }, (_, index) => `Chapter ${index + 1} of ${title}: ${"Genly Ai crossed the Gobrin ice, « 雪 » 🙂 ".repeat(60)}`).join("\n"),
    }),
    defineTool({
      name: "library.wait",
      description: "Answers after `ms` milliseconds (a slow catalogue).",
      inputSchema: { type: "object", properties: { ms: { type: "number" } }, required: ["ms"] },
      execute: ({ ms }: { ms: number }) => new Promise((resolve) => setTimeout(() => resolve({ waited: ms }), ms)),
    }),
    defineTool({
      name: "library.borrow",
      description: "Borrows a book; a person on the page approves it.",
      inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
      requiresApproval: true,
      execute: async ({ title }: { title: string }) => ({ borrowed: title }),
    }),
  ],
  approve: ({ tool, arguments: args }) => askPerson(tool, args),
  limits: { timeoutMs: 1000 },
});

code.value = `// TypeScript, as a model writes it
const found = await tools.library.search({ author: "Le Guin" });
const titles: string[] = found.data.map((book) => \`\${book.title} (\${book.year})\`);
return { count: titles.length, titles };`;
const where = engine === "workers" ? "engines in Web Workers" : "engine on the page's thread";
element("where").textContent = `crossOriginIsolated: ${String(globalThis.crossOriginIsolated)} · ${where}`;

/** How the workers got their replies so far: through shared memory (cross-origin isolated) or as messages. */
function showStats(): void {
  const { sharedMemoryReplies } = codeMode.stats();
  stats.dataset.sharedMemoryReplies = String(sharedMemoryReplies ?? "");
  stats.textContent = sharedMemoryReplies === undefined ? "" : `tool replies through shared memory: ${sharedMemoryReplies}`;
}

let running: AbortController | undefined;
element("cancel").addEventListener("click", () => running?.abort());
element("run").addEventListener("click", async () => {
  output.textContent = "running…";
  const controller = (running = new AbortController());
  const inFlight = new Set<string>();
  const result = await codeMode.execute(code.value, {
    signal: controller.signal,
    onEvent(event) {
      if (event.type === "tool-call-start") inFlight.add(event.tool);
      else if (event.type === "tool-call-end") inFlight.delete(event.tool);
      else return;
      calls.textContent = inFlight.size === 0 ? "" : `waiting for ${[...inFlight].join(", ")}`;
      calls.dataset.waiting = [...inFlight].join(" ");
    },
  });
  calls.textContent = "";
  delete calls.dataset.waiting;
  output.textContent = JSON.stringify(result.status === "completed" ? result.result : result.error, null, 2);
  output.dataset.status = result.status;
  showStats();
});
showStats();
