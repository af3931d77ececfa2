import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What every console response carries: a Content-Security-Policy that lets the page run only the gateway's own
 * script and styles (no inline script, no other origin, no framing), and headers that keep it from being sniffed,
 * framed or referred.
 */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/** The console page's files, read once: the build bundles them into `dist/console` beside the gateway's code. */
export interface ConsoleAssets {
  /** The file at `name` (`index.html` for the console's root), with its headers; undefined for any other name. */
  get(name: string): Response | undefined;
}

/** Reads the built console page; a package built without it answers with a page that says so. */
export function loadConsoleAssets(): ConsoleAssets {
  const folder = findAssetFolder();
  const files = new Map<string, { body: Buffer; type: string }>();
  if (folder) {
    for (const name of readdirSync(folder)) {
      const type = TYPES[path.extname(name)];
      if (type) files.set(name, { body: readFileSync(path.join(folder, name)), type });
    }
  }
  return {
    get(name) {
      const file = files.get(name === "" ? "index.html" : name);
      if (!file) {
        if (name !== "" && name !== "index.html") return undefined;
        const text = "The console's page was not built into this package: run the package's build (pnpm build).";
        return new Response(text, { status: 503, headers: { ...CONSOLE_SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" } });
      }
      // The page is the same for everyone; what it shows comes from the API, per principal, never cached.
      const caching = file.type.startsWith("text/html") ? "no-cache" : "public, max-age=300";
      return new Response(new Uint8Array(file.body), { headers: { ...CONSOLE_SECURITY_HEADERS, "content-type": file.type, "cache-control": caching } });
    },
  };
}

/** `dist/console` beside the built gateway, or the package's own `dist/console` when running from source (tests). */
function findAssetFolder(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, "console"), path.join(here, "..", "..", "dist", "console")]) {
    try {
      if (readdirSync(candidate).includes("index.html")) return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}
