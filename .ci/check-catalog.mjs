// Every workspace package takes a dependency that the pnpm catalog (pnpm-workspace.yaml) names from the catalog, as
// `catalog:` (or a named catalog, `catalog:<name>`, for a second major tested beside the first), so that one line
// holds its version. sherif compares the versions packages write, and leaves `catalog:`
// out, so a lone pinned copy next to `catalog:` ones passes it. A published package's `dependencies` and any
// `peerDependencies` may give users a range instead.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const workspace = readFileSync(path.join(root, "pnpm-workspace.yaml"), "utf8").split("\n");

/** The indented `- item` or `key: value` lines under a top-level `name:` line. */
function block(name) {
  const start = workspace.indexOf(`${name}:`);
  if (start === -1) return [];
  const lines = [];
  for (const line of workspace.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    if (line.trim() && !line.trim().startsWith("#")) lines.push(line.trim());
  }
  return lines;
}

const unquote = (text) => text.replace(/^(["'])(.*)\1$/, "$2");
const catalog = new Set(block("catalog").map((line) => unquote(line.slice(0, line.lastIndexOf(":")).trim())));
const folders = block("packages").flatMap((line) => {
  const pattern = unquote(line.replace(/^-\s*/, ""));
  if (!pattern.endsWith("/*")) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
});

const problems = [];
for (const folder of folders) {
  const file = path.join(root, folder, "package.json");
  if (!existsSync(file)) continue;
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  const fields = ["devDependencies", "optionalDependencies", ...(manifest.private ? ["dependencies"] : [])];
  for (const field of fields) {
    for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
      if (catalog.has(name) && !spec.startsWith("catalog:")) problems.push(`${folder}/package.json ${field}: ${name} is "${spec}", not "catalog:"`);
    }
  }
}
for (const problem of problems) console.error(problem);
console.log(problems.length === 0 ? `Every catalog dependency comes from the catalog (${folders.length} packages).` : `${problems.length} dependencies bypass the catalog.`);
process.exit(problems.length === 0 ? 0 : 1);
