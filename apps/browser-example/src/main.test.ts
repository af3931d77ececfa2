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
        it(`runs TypeScript scripts against the page's tools, ends a runaway one, cancels, times out and holds a call, built by ${bundler}, ${engine}, ${isolated ? "cross-origin isolated" : "not isolated"}`, async () => {
          const served = await serveFolder(`${ROOT}${folder}`, isolated);
          const page = await browser.newPage();
          // `meanwhile` acts on the page while the script runs (cancels it, answers its approval).
          const run = async (code?: string, meanwhile?: () => Promise<void>) => {
            if (code !== undefined) await page.fill("#code", code);
            await page.evaluate(() => delete document.querySelector<HTMLElement>("#result")!.dataset.status);
            await page.click("#run");
            await meanwhile?.();
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

            // Tool calls behave the same whichever way their replies reach the engine (see the end of this test).
            const sequential = "let found = 0;\nfor (let i = 0; i < 20; i++) found += (await tools.library.search({ author: 'Lem' })).data.length;\nreturn found;";
            expect(await run(sequential)).toEqual({ status: "completed", shown: 20 });
            // A reply of 284 KiB, more than four times a Web Worker's 64 KiB mailbox, with characters of 2 to 4 bytes.
            const chapter = (index: number) => `Chapter ${index + 1} of Solaris: ${"Genly Ai crossed the Gobrin ice, « 雪 » 🙂 ".repeat(60)}`;
            const text = Array.from({ length: 100 }, (_, index) => chapter(index)).join("\n");
            expect(new TextEncoder().encode(text).length).toBeGreaterThan(4 * 64 * 1024);
            const large = "const text = (await tools.library.fullText({ title: 'Solaris', chapters: 100 })).data;\nreturn { length: text.length, chapters: text.split('\\n').length, end: text.slice(-60) };";
            expect(await run(large)).toEqual({ status: "completed", shown: { length: text.length, chapters: 100, end: text.slice(-60) } });
            await page.screenshot({ path: `${SHOTS}large-reply-${name}.png`, fullPage: true });
            // Cancelled, then past the deadline, while the script waits for a call that has not answered.
            const waiting = "await tools.library.wait({ ms: 5000 });\nreturn 'answered';";
            const cancel = async () => {
              await page.waitForSelector('#calls[data-waiting~="library.wait"]');
              await page.click("#cancel");
            };
            expect(await run(waiting, cancel)).toMatchObject({ status: "failed", shown: { kind: "Cancelled" } });
            expect(await run(waiting)).toMatchObject({ status: "failed", shown: { kind: "TimeoutExceeded" } });
            // Held for a person's approval past the 1000 ms deadline: the time held does not count against it.
            const approve = async () => {
              await page.waitForSelector("#approval:not([hidden])");
              await page.screenshot({ path: `${SHOTS}approval-${name}.png`, fullPage: true });
              await page.waitForTimeout(1500);
              await page.click("#approve");
            };
            expect(await run("return (await tools.library.borrow({ title: 'Kindred' })).data;", approve)).toEqual({ status: "completed", shown: { borrowed: "Kindred" } });
            expect(await run("return 6 * 7;")).toEqual({ status: "completed", shown: 42 });

            // Which way the replies went: the isolated page's Web Workers read every reply from shared memory (one
            // batch per sequential call above), the others got none that way.
            const replies = await page.getAttribute("#stats", "data-shared-memory-replies");
            if (engine === "in-process") expect(replies).toBe("");
            else if (isolated) expect(Number(replies)).toBeGreaterThanOrEqual(23);
            else expect(replies).toBe("0");
            await page.screenshot({ path: `${SHOTS}calls-${name}.png`, fullPage: true });
          } finally {
            await page.close();
            await served.close();
          }
        });
      }
    }
  }
});
