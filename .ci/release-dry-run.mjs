#!/usr/bin/env node
// The release (CONTRIBUTING.md, "Releasing"), every step but the upload:
//   1. `changeset version` on a copy of the workspace's manifests and pending changesets: the published packages
//      move to one new version together, each gets a CHANGELOG.md entry for it, and nothing private moves;
//   2. `pnpm publish -r --dry-run` in the workspace: each published package builds on `prepack` and packs every file
//      its `exports` and `bin` name.
// Nothing in the workspace changes. Prints a vitest-style "Tests  N failed | N passed (N)" line for .ci/count-tests.mjs.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLISHED = ["core", "ai-sdk", "langchain", "mcp", "tanstack-ai", "mastra", "openai-agents", "cloudflare"].map((name) => `packages/${name}`);
const results = [];
const check = (name, problem) => {
  results.push(!problem);
  console.log(problem ? `  × ${name}\n      ${String(problem).trim().split("\n").join("\n      ")}` : `  ✓ ${name}`);
};
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Every workspace folder with a package.json, from pnpm-workspace.yaml's `packages` globs (`dir` or `dir/*`). */
function workspaceFolders() {
  const text = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const globs = [...(/^packages:\n((?:\s+-.*\n?)*)/m.exec(text)?.[1] ?? "").matchAll(/-\s*["']?([^"'\n]+)/g)].map((match) => match[1].trim());
  return globs.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(root, glob.slice(0, -2)), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
      : [glob],
  ).filter((folder) => existsSync(join(root, folder, "package.json")));
}

function versionStep() {
  const copy = mkdtempSync(join(tmpdir(), "codemode-release-"));
  try {
    for (const file of ["package.json", "pnpm-workspace.yaml", ".changeset"]) cpSync(join(root, file), join(copy, file), { recursive: true });
    const folders = workspaceFolders();
    for (const folder of folders) {
      mkdirSync(join(copy, folder), { recursive: true });
      cpSync(join(root, folder, "package.json"), join(copy, folder, "package.json"));
    }
    const pending = readdirSync(join(copy, ".changeset")).filter((name) => name.endsWith(".md") && name !== "README.md");
    const before = Object.fromEntries(folders.map((folder) => [folder, readJson(join(copy, folder, "package.json")).version]));
    const outcome = spawnSync(join(root, "node_modules/.bin/changeset"), ["version"], { cwd: copy, encoding: "utf8" });
    check("changeset version runs", outcome.status === 0 ? "" : `${outcome.stdout}${outcome.stderr}`);
    if (outcome.status !== 0) return;
    if (pending.length === 0) return check("no pending changesets: nothing to version", "");
    const after = Object.fromEntries(folders.map((folder) => [folder, readJson(join(copy, folder, "package.json")).version]));
    const versions = new Set(PUBLISHED.map((folder) => after[folder]));
    const [version] = versions;
    check(
      `the published packages move together, to ${[...versions].join(", ")} (${pending.length} changesets)`,
      versions.size !== 1 ? "they got different versions: .changeset/config.json's `fixed` group must name them all" : version === before[PUBLISHED[0]] ? "the version did not move" : "",
    );
    for (const folder of PUBLISHED) {
      const changelog = join(copy, folder, "CHANGELOG.md");
      const text = existsSync(changelog) ? readFileSync(changelog, "utf8") : "";
      check(`${folder}/CHANGELOG.md gets a ${version} entry`, text.includes(`## ${version}`) ? "" : text ? `no "## ${version}" heading` : "no CHANGELOG.md written");
    }
    const moved = folders.filter((folder) => !PUBLISHED.includes(folder) && after[folder] !== before[folder]);
    check("no private package changes version", moved.length ? `moved: ${moved.join(", ")} (add them to .changeset/config.json's ignore list)` : "");
    const left = readdirSync(join(copy, ".changeset")).filter((name) => name.endsWith(".md") && name !== "README.md");
    check("every pending changeset is consumed", left.length ? `left: ${left.join(", ")}` : "");
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function publishStep() {
  let report;
  try {
    const output = execFileSync("npx", ["-y", "pnpm@12.4.2", "--filter", "./packages/*", "-r", "publish", "--dry-run", "--no-git-checks", "--json"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
    report = JSON.parse(output.slice(output.indexOf("[")));
  } catch (error) {
    return check("pnpm publish -r --dry-run runs", `${error.stdout ?? ""}${error.stderr ?? error.message}`);
  }
  check("pnpm publish -r --dry-run runs", "");
  for (const folder of PUBLISHED) {
    const manifest = readJson(join(root, folder, "package.json"));
    const entry = report.find((candidate) => candidate.name === manifest.name);
    if (!entry) {
      check(`${manifest.name} would be published`, `not in the dry run's report (${report.map((candidate) => candidate.name).join(", ")})`);
      continue;
    }
    const files = new Set(entry.files.map((file) => file.path));
    const named = [...targetsOf(manifest.exports), ...Object.values(manifest.bin ?? {}), "LICENSE", "README.md"].map((file) => file.replace(/^\.\//, ""));
    const missing = named.filter((file) => !files.has(file));
    check(`${manifest.name}@${entry.version} would be published with every file its exports and bin name (${entry.entryCount} files)`, missing.length ? `missing: ${missing.join(", ")}` : "");
  }
}

function targetsOf(value) {
  if (typeof value === "string") return [value];
  return value && typeof value === "object" ? Object.values(value).flatMap(targetsOf) : [];
}

console.log("release dry run: changeset version (on a copy), then pnpm publish -r --dry-run");
versionStep();
publishStep();
const failed = results.filter((ok) => !ok).length;
console.log(`      Tests  ${failed ? `${failed} failed | ` : ""}${results.length - failed} passed (${results.length})`);
process.exit(failed ? 1 : 0);
