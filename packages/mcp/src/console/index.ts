export { createConsole, isConsolePath, type ConsoleHandler } from "./create-console.js";
export { consoleCookieKey } from "./console-cookie.js";
export { createMemoryConsolePausedRuns, type ConsolePausedRun, type ConsolePausedRuns } from "./console-paused-runs.js";
