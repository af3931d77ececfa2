import { describe, expect, it } from "vitest";
import { createRedactor, redactUrl } from "./redact-secrets.js";

describe("redactUrl", () => {
  it("masks the userinfo and every query value, and keeps the rest", () => {
    expect(redactUrl("https://admin:pa%40ss@mcp.example.com:8443/mcp?token=abc&key=x&v=2#top")).toBe("https://***@mcp.example.com:8443/mcp?token=***&key=***&v=***#top");
    expect(redactUrl("https://ghp_token@github.example/mcp")).toBe("https://***@github.example/mcp");
    expect(redactUrl("redis://:secret@redis:6379/0")).toBe("redis://***@redis:6379/0");
    expect(redactUrl("http://127.0.0.1:8787/mcp")).toBe("http://127.0.0.1:8787/mcp");
  });
});

describe("createRedactor", () => {
  it("masks URLs inside any text, and every known secret as written or percent-encoded", () => {
    const redact = createRedactor(["s3cr3t/value", "short"]);
    expect(redact('fetch failed: "http://u:p@host/x?access_token=t0k3n" (code 7)')).toBe('fetch failed: "http://***@host/x?access_token=***" (code 7)');
    expect(redact("the server said s3cr3t/value and s3cr3t%2Fvalue")).toBe("the server said *** and ***");
    // Too short to mask everywhere without garbling other words.
    expect(redact("a short note")).toBe("a short note");
  });

  it("stops a URL at a quote or a backslash, so JSON text stays JSON", () => {
    const redact = createRedactor();
    const text = JSON.stringify({ message: 'see "http://h/?key=v"\\n' });
    expect(JSON.parse(redact(text))).toEqual({ message: 'see "http://h/?key=***"\\n' });
  });
});
