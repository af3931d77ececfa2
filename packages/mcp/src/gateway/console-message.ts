import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";

const LEVELS: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

/** Whether a client that asked for `level` wants messages at `info`. */
export function admitsInfo(level: string): boolean {
  const at = LEVELS.indexOf(level as LoggingLevel);
  return at !== -1 && at <= LEVELS.indexOf("info");
}

/** A script's console line as an MCP log message (`notifications/message`). */
export function consoleMessage(line: string): { level: "info"; logger: string; data: string } {
  return { level: "info", logger: "codemode.console", data: line };
}
