// Dead links: every relative link in the repository's Markdown (a file that must exist, and a `#heading` that must be
// one of its headings, as GitHub makes their anchors), and every local link of the generated API reference in
// docs/api/ when it is there (`pnpm docs:api` writes it). Links to other sites are not fetched.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const problems = [];
const anchorsOf = new Map();

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const found = new Set();
    for (const [, heading] of withoutCode(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const base = heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorsOf.set(file, found);
  }
  return anchorsOf.get(file);
}

// Fenced blocks and inline code hold examples, not links.
const withoutCode = (text) => text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");

const markdown = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && existsSync(path.join(root, file)));
let links = 0;
for (const file of markdown) {
  const text = withoutCode(readFileSync(path.join(root, file), "utf8"));
  for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    links += 1;
    const [linked, anchor] = target.split("#");
    const resolved = linked ? path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(linked)) : path.join(root, file);
    if (!existsSync(resolved)) problems.push(`${file}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor.toLowerCase())) {
      problems.push(`${file}: ${target} (no heading #${anchor} in ${path.relative(root, resolved)})`);
    }
  }
}
console.log(`${links} relative links in ${markdown.length} Markdown files`);

const api = path.join(root, "docs/api");
if (existsSync(api)) {
  let pages = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (entry.endsWith(".html")) {
        pages += 1;
        for (const [, target] of readFileSync(file, "utf8").matchAll(/(?:href|src)="([^"#?]+)[^"]*"/g)) {
          if (/^[a-z][a-z+.-]*:|^\/\//i.test(target)) continue;
          if (!existsSync(path.resolve(dir, target))) problems.push(`docs/api/${path.relative(api, file)}: ${target} (no such file)`);
        }
      }
    }
  };
  walk(api);
  console.log(`and the local links of ${pages} pages of the API reference (docs/api)`);
}

for (const problem of [...new Set(problems)]) console.error(`dead link: ${problem}`);
console.log(problems.length === 0 ? "No dead links." : `${new Set(problems).size} dead links.`);
process.exit(problems.length === 0 ? 0 : 1);
