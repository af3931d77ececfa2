// Debian's Chromium for the console's browser test, driven by playwright-core (which downloads no browser of its own).
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Where Debian installs Chromium (`apt-get install -y chromium`); CODEMODE_CHROMIUM names another. */
export const CHROMIUM_PATH = process.env.CODEMODE_CHROMIUM ?? "/usr/bin/chromium";

/** Whether that browser is there; the browser test says so and does not run without it. */
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

/** The message the browser test prints when it cannot run here. */
export const NO_CHROMIUM = `Chromium is not at ${CHROMIUM_PATH} (apt-get install -y chromium): the console's browser test did not run.`;

/**
 * Starts Chromium headless. `--no-sandbox` because CI runs as root, where Chromium's own sandbox cannot start; the
 * pages it opens are the gateway's own, on loopback.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
}
