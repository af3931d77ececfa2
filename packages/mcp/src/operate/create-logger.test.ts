import { describe, expect, it } from "vitest";
import { createLogger, formatLogEntry, type LogEntry } from "./create-logger.js";
import { runInRequestContext } from "./request-context.js";

describe("createLogger", () => {
  it("drops lines below its level and keeps the rest, with their fields", () => {
    const entries: LogEntry[] = [];
    const logger = createLogger({ write: (_message, entry) => entries.push(entry), level: "warn" });
    logger.debug("noise");
    logger.info("more noise");
    logger.warn("upstream docs is down", { upstream: "docs" });
    logger.error("could not load the tools");
    expect(entries.map(({ level, msg }) => [level, msg])).toEqual([
      ["warn", "upstream docs is down"],
      ["error", "could not load the tools"],
    ]);
    expect(entries[0]).toMatchObject({ upstream: "docs" });
    expect(Date.parse(entries[0]!.time)).not.toBeNaN();
  });

  it("redacts the message and every text field before writing, so no sink sees a credential", () => {
    const written: string[] = [];
    const logger = createLogger({ write: (message, entry) => written.push(message, JSON.stringify(entry)), redact: (text) => text.replaceAll("hunter2", "***") });
    logger.warn("upstream at http://u:hunter2@h is down", { url: "http://u:hunter2@h", attempts: 2 });
    expect(written.join("\n")).not.toContain("hunter2");
    expect(written[0]).toBe("upstream at http://u:***@h is down");
  });

  it("passes the plain message first, so a `(message) => void` sink keeps working", () => {
    const messages: string[] = [];
    createLogger({ write: (message) => messages.push(message) }).info("codemode gateway serving on stdio");
    expect(messages).toEqual(["codemode gateway serving on stdio"]);
  });

  it("adds the id of the request being served, and none outside one", () => {
    const entries: LogEntry[] = [];
    const logger = createLogger({ write: (_message, entry) => entries.push(entry) });
    runInRequestContext({ requestId: "req-7", mcpSessionId: undefined }, () => logger.info("inside"));
    logger.info("outside");
    expect(entries[0]?.requestId).toBe("req-7");
    expect(entries[1]).not.toHaveProperty("requestId");
  });
});

describe("formatLogEntry", () => {
  const entry: LogEntry = { time: "2026-12-02T01:00:00.000Z", level: "warn", msg: "upstream docs is down", requestId: "req-1", upstream: "docs" };

  it("writes one JSON object a line for collectors", () => {
    const line = formatLogEntry(entry, "json");
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual(entry);
  });

  it("writes the level, message and fields as text for a terminal", () => {
    expect(formatLogEntry(entry, "text")).toBe("warn: upstream docs is down requestId=req-1 upstream=docs");
    expect(formatLogEntry({ ...entry, level: "info", requestId: undefined, upstream: undefined }, "text")).toBe("upstream docs is down");
  });
});
