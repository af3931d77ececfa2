// Refuses an import that leads, through the package's own files, back to the importing file. Type-only imports
// count: a cycle of types still ties two files (or folders) together, and import-x's no-cycle leaves them out.
// The graph is read from disk with TypeScript's import scanner (`ts.preProcessFile`), relative imports only:
// workspace packages depend on each other's build, which cannot import back.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { visitImportSources } from "./import-sources.js";
import { isPathOf } from "./path-kind.js";

const edgesCache = new Map();


/** The file a relative specifier names, as TypeScript's NodeNext resolution finds it (`./x.js` is `./x.ts`). */
function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const extension = path.extname(base);
  const swapped = { ".js": [".ts", ".tsx"], ".mjs": [".mts"], ".cjs": [".cts"], ".jsx": [".tsx"] }[extension] ?? [];
  const stem = base.slice(0, base.length - extension.length);
  const candidates = [
    ...swapped.map((replacement) => stem + replacement),
    base,
    ...[".ts", ".tsx", ".js", ".mjs"].map((added) => base + added),
    ...["index.ts", "index.tsx", "index.js"].map((index) => path.join(base, index)),
  ];
  return candidates.find((candidate) => isPathOf("file", candidate));
}

function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = edgesCache.get(file);
  if (cached?.mtime === mtime) return cached.edges;
  const scanned = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
  const edges = scanned
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolveRelative(file, specifier))
    .filter(Boolean);
  edgesCache.set(file, { mtime, edges });
  return edges;
}

/** The shortest route of files from `start` back to `target`, or undefined. */
function routeBack(start, target) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const route = [];
        for (let step = file; step !== undefined; step = previous.get(step)) route.unshift(step);
        return route;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import cycles among a package's files, type-only imports included." },
    schema: [],
    messages: { cycle: "Import cycle: {{route}}." },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (!path.isAbsolute(filename)) return {};
    const check = (source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = resolveRelative(filename, source.value);
      if (!target || target === filename) return;
      const route = routeBack(target, filename);
      if (!route) return;
      const shown = [filename, ...route, filename].map((file) => path.relative(context.cwd, file)).join(" -> ");
      context.report({ node: source, messageId: "cycle", data: { route: shown } });
    };
    return visitImportSources(check);
  },
};
