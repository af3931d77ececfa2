import { describe, expect, it } from "vitest";
import { assertSafeExposure, createHostAndOriginCheck } from "./check-host-and-origin.js";

const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:8787/mcp", { headers });

describe("createHostAndOriginCheck", () => {
  it("without public URLs, passes loopback hosts and origins on any port and refuses every other", () => {
    const check = createHostAndOriginCheck({});
    for (const host of ["127.0.0.1:8787", "localhost", "[::1]:9", "127.0.0.2:80"]) expect(check(request({ host }))).toBeUndefined();
    expect(check(request({ host: "localhost:8787", origin: "http://localhost:3000" }))).toBeUndefined();
    expect(check(request({ host: "evil.example.com" }))).toMatchObject({ status: 421 });
    expect(check(request({ host: "evil@127.0.0.1" }))).toMatchObject({ status: 421 });
    expect(check(request({ host: "localhost", origin: "http://evil.example.com" }))).toMatchObject({ status: 403 });
    expect(check(request({ host: "localhost", origin: "null" }))).toMatchObject({ status: 403 });
  });

  it("with public URLs, passes only their hosts, their origins and the allowed origins", () => {
    const check = createHostAndOriginCheck({ publicUrls: ["https://mcp.example.com/mcp"], allowedOrigins: ["https://app.example.com"] });
    expect(check(request({ host: "mcp.example.com" }))).toBeUndefined();
    expect(check(request({ host: "mcp.example.com", origin: "https://app.example.com" }))).toBeUndefined();
    expect(check(request({ host: "mcp.example.com", origin: "https://mcp.example.com" }))).toBeUndefined();
    expect(check(request({ host: "localhost" }))).toMatchObject({ status: 421 });
    expect(check(request({ host: "mcp.example.com", origin: "http://mcp.example.com" }))).toMatchObject({ status: 403 });
  });
});

describe("assertSafeExposure", () => {
  it("refuses a non-loopback address without auth unless opted out, and without a public URL", () => {
    const publicUrls = ["https://mcp.example.com/mcp"];
    expect(() => assertSafeExposure({ host: "0.0.0.0", publicUrls, authenticated: false })).toThrow(/allowUnauthenticated/);
    expect(() => assertSafeExposure({ host: "0.0.0.0", publicUrls, authenticated: false, allowUnauthenticated: true })).not.toThrow();
    expect(() => assertSafeExposure({ host: "0.0.0.0", authenticated: true })).toThrow(/publicUrl/);
    expect(() => assertSafeExposure({ host: "127.0.0.1", authenticated: false })).not.toThrow();
    expect(() => assertSafeExposure({ publicUrls, authenticated: false })).toThrow(/without authentication/);
    expect(() => assertSafeExposure({ publicUrls: ["http://localhost:3000/mcp"], authenticated: false })).not.toThrow();
  });
});
