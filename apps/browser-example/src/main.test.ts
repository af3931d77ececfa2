import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "./serve-static.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Screenshots of the page after each run, for a person to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL("../screenshots/", import.meta.url));

// eslint-disable-next-line codemode/no-skipped-tests -- without Chromium (Debian: apt-get install chromium) there is no browser to drive; it says so.
describe.skipIf(!existsSync(CHROMIUM))("the page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    await build({ root: ROOT, logLevel: "error" });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser?.close());

  for (const isolated of [false, true]) {
    it(`runs a TypeScript script against the page's tool, ${isolated ? "cross-origin isolated" : "not isolated"}`, async () => {
      const served = await serveStatic(`${ROOT}dist`, isolated);
      const page = await browser.newPage();
      try {
        await page.goto(served.url);
        expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(isolated);
        await page.click("#run");
        await page.waitForSelector("#result[data-status]");
        expect(await page.getAttribute("#result", "data-status")).toBe("completed");
        expect(JSON.parse((await page.textContent("#result"))!)).toEqual({
          count: 2,
          titles: ["The Left Hand of Darkness (1969)", "The Dispossessed (1974)"],
        });
        await page.screenshot({ path: `${SHOTS}page-${isolated ? "isolated" : "plain"}.png`, fullPage: true });
        await page.fill("#code", "while (true) {}");
        await page.click("#run");
        await page.waitForFunction(() => document.querySelector("#result")?.textContent?.includes("TimeoutExceeded"));
        await page.screenshot({ path: `${SHOTS}timeout-${isolated ? "isolated" : "plain"}.png`, fullPage: true });
      } finally {
        await page.close();
        await served.close();
      }
    });
  }
});
