import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFolder } from "@codemode/runtime-harness";
import { buildWithWebpack } from "../build-webpack.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Screenshots of the page after each run, for a person to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL("../screenshots/", import.meta.url));

// eslint-disable-next-line codemode/no-skipped-tests -- without Chromium (Debian: apt-get install chromium) there is no browser to drive; it says so.
describe.skipIf(!existsSync(CHROMIUM))("the page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    // The same page from both bundlers: each ships the core's Web Worker and WebAssembly its own way.
    await build({ root: ROOT, logLevel: "error" });
    await buildWithWebpack();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser?.close());

  for (const [bundler, folder] of [["vite", "dist"], ["webpack", "dist/webpack"]] as const) {
    for (const isolated of [false, true]) {
      for (const engine of ["workers", "in-process"] as const) {
        const name = `${bundler}-${engine}-${isolated ? "isolated" : "plain"}`;
        it(`runs a TypeScript script against the page's tool and ends a runaway one, built by ${bundler}, ${engine}, ${isolated ? "cross-origin isolated" : "not isolated"}`, async () => {
          const served = await serveFolder(`${ROOT}${folder}`, isolated);
          const page = await browser.newPage();
          const run = async (code?: string) => {
            if (code !== undefined) await page.fill("#code", code);
            await page.evaluate(() => delete document.querySelector<HTMLElement>("#result")!.dataset.status);
            await page.click("#run");
            await page.waitForSelector("#result[data-status]");
            return { status: await page.getAttribute("#result", "data-status"), shown: JSON.parse((await page.textContent("#result"))!) as unknown };
          };
          try {
            await page.goto(`${served.url}?engine=${engine}`);
            expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(isolated);
            expect(await run()).toEqual({
              status: "completed",
              shown: { count: 2, titles: ["The Left Hand of Darkness (1969)", "The Dispossessed (1974)"] },
            });
            await page.screenshot({ path: `${SHOTS}page-${name}.png`, fullPage: true });
            expect(await run("while (true) {}")).toMatchObject({ status: "failed", shown: { kind: "TimeoutExceeded" } });
            await page.screenshot({ path: `${SHOTS}timeout-${name}.png`, fullPage: true });
            if (engine === "workers") {
              // One built-in call that never returns to the interpreter: only terminating the Web Worker ends it.
              expect(await run("for (;;) new Array(1e8).join('');")).toMatchObject({ status: "failed", shown: { kind: "TimeoutExceeded" } });
            }
            expect(await run("return 6 * 7;")).toEqual({ status: "completed", shown: 42 });
          } finally {
            await page.close();
            await served.close();
          }
        });
      }
    }
  }
});
