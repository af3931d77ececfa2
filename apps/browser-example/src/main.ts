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

const codeMode = createCodeMode({
  engine,
  tools: [
    defineTool({
      name: "library.search",
      description: "Books by an author.",
      inputSchema: { type: "object", properties: { author: { type: "string" } }, required: ["author"] },
      execute: async ({ author }: { author: string }) => BOOKS.filter((book) => book.author === author),
    }),
  ],
  limits: { timeoutMs: 1000 },
});

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const code = element<HTMLTextAreaElement>("code");
const output = element<HTMLPreElement>("result");
code.value = `// TypeScript, as a model writes it
const found = await tools.library.search({ author: "Le Guin" });
const titles: string[] = found.data.map((book) => \`\${book.title} (\${book.year})\`);
return { count: titles.length, titles };`;
const where = engine === "workers" ? "engines in Web Workers" : "engine on the page's thread";
element("where").textContent = `crossOriginIsolated: ${String(globalThis.crossOriginIsolated)} · ${where}`;

element("run").addEventListener("click", async () => {
  output.textContent = "running…";
  const result = await codeMode.execute(code.value);
  output.textContent = JSON.stringify(result.status === "completed" ? result.result : result.error, null, 2);
  output.dataset.status = result.status;
});
