import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

describe("createGateway with an upstream's whole content", () => {
  let dir: string;
  let gateway: Gateway;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "codemode-content-e2e-"));
    const config = parseGatewayConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [EVERYTHING_SERVER] },
        // The same real server, with an answer cap above its resource list (1.2 KB) and below architecture.md (1.7 KB).
        small: { command: process.execPath, args: [EVERYTHING_SERVER], maxResponseBytes: 1500 },
      },
      workspace: { dir, shared: true },
      poolSize: 1,
    });
    gateway = createGateway(config, { log: () => undefined });
    await gateway.start();
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("lets a script save an upstream's image to the workspace, byte for byte", async () => {
    const result = await gateway.codeMode.execute(`
      const plain = await tools.everything["get-tiny-image"]({});
      const full = await tools.everything["get-tiny-image"]({}, { content: true });
      const image = full.meta.content.find((block) => block.type === "image");
      const saved = await files.write({ path: "images/tiny.png", data: image.data });
      return { omitted: plain.meta.omitted, plainContent: plain.meta.content ?? null, mimeType: image.mimeType, saved: saved.data };
    `);
    expect(result.error).toBeNull();
    // What the upstream itself sends, read with the SDK's own client.
    const client = new Client({ name: "reference", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SERVER], stderr: "ignore" }));
    const reference = (await client.callTool({ name: "get-tiny-image", arguments: {} })) as CallToolResult;
    await client.close();
    const block = reference.content.find((item) => item.type === "image") as { data: string; mimeType: string };
    const expected = Buffer.from(block.data, "base64");
    const written = await readFile(path.join(dir, "images", "tiny.png"));
    expect(written.equals(expected)).toBe(true);
    expect(result.result).toEqual({
      omitted: 1,
      plainContent: null,
      mimeType: block.mimeType,
      saved: { path: "images/tiny.png", size: expected.length },
    });
  });

  it("follows a resource link with resources.read and lists the server's resources", async () => {
    const result = await gateway.codeMode.execute(`
      const links = await tools.everything["get-resource-links"]({ count: 2 }, { content: true });
      const link = links.meta.content[0];
      const followed = await resources.read({ namespace: "everything", uri: link.uri });
      const listed = await resources.list({ namespace: "everything" });
      const doc = listed.data.find((item) => item.name === "architecture.md");
      const read = await resources.read({ namespace: doc.namespace, uri: doc.uri });
      const missing = await resources.read({ namespace: "everything", uri: "demo://resource/static/document/nope.md" });
      return { missing: missing.error.code, link: link.type, followed: followed.data[0].uri === link.uri, kinds: Object.keys(followed.data[0]).sort(),
        listed: listed.data.length, heading: read.data[0].text.split("\\n")[0], mimeType: read.data[0].mimeType };
    `);
    expect(result.error).toBeNull();
    expect(result.result).toMatchObject({ missing: "not_found", link: "resource_link", followed: true, listed: 7, heading: "# Everything Server – Architecture", mimeType: "text/markdown" });
  });

  it("keeps resources to the caller's allowlist and under the server's answer cap", async () => {
    const script = `
      const listed = await resources.list();
      const uri = "demo://resource/static/document/architecture.md";
      const everything = await resources.read({ namespace: "everything", uri });
      const small = await resources.read({ namespace: "small", uri });
      return { namespaces: [...new Set(listed.data.map((item) => item.namespace))], everything: everything.ok || everything.error.code,
        small: small.ok || small.error.code };
    `;
    const narrow = await gateway.codeMode.execute(script, { allow: ["small.*", "everything.get-sum"] });
    expect(narrow.result).toEqual({ namespaces: ["small"], everything: "not_found", small: "limit_exceeded" });
    const wide = await gateway.codeMode.execute(script);
    expect(wide.result).toEqual({ namespaces: ["everything", "small"], everything: true, small: "limit_exceeded" });
  });

  it("describes meta.content and resources in the types the model reads", () => {
    const types = gateway.codeMode.declarations();
    expect(types).toContain("content?: Content[]");
    expect(types).toContain("read(args: { namespace: string; uri: string })");
  });
});
