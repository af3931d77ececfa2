import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import type { ResourceSource } from "../resources/index.js";
import { fromCallToolResult, type ToolDefinition } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { CodeMode } from "./code-mode.js";

// A PNG's first bytes and some that are not valid UTF-8, so a text round trip would change them.
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80]);
const chart: ToolDefinition = {
  name: "reports.chart",
  description: "Draws a chart.",
  inputSchema: { type: "object" },
  execute: async () =>
    fromCallToolResult({
      content: [
        { type: "text", text: "chart of sales" },
        { type: "image", data: IMAGE.toString("base64"), mimeType: "image/png" } as never,
        { type: "resource_link", uri: "report://sales/2026", name: "sales-2026", mimeType: "text/csv" } as never,
        { type: "resource", resource: { uri: "report://raw", mimeType: "application/octet-stream", blob: IMAGE.toString("base64") } } as never,
      ],
    }),
};

const describeImage: ToolDefinition = {
  name: "vision.describe",
  description: "Describes an image given as base64.",
  inputSchema: { type: "object", properties: { image: { type: "string", contentEncoding: "base64" } }, required: ["image"] },
  execute: async (args) => ({ received: (args as { image: string }).image }),
};

const RESOURCES: Record<string, Record<string, { text: string } | { blob: string }>> = {
  reports: { "report://sales/2026": { text: "month,total\n1,10" }, "report://secret": { text: "no" } },
  hr: { "hr://salaries": { text: "private" } },
};
const source: ResourceSource = {
  async list({ namespace }) {
    return Object.entries(RESOURCES)
      .filter(([id]) => namespace === undefined || id === namespace)
      .flatMap(([id, items]) => Object.keys(items).map((uri) => ({ namespace: id, uri, name: uri.split("/").pop()! })));
  },
  async read({ namespace, uri }) {
    const found = RESOURCES[namespace]?.[uri];
    if (!found) throw new CodeModeError("NOT_FOUND", `No resource ${uri}.`);
    return [{ uri, mimeType: "text/csv", ...found }];
  },
};

let dir: string;
let codeMode: CodeMode;
let valueMode: CodeMode;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "codemode-content-"));
  codeMode = createCodeMode({ poolSize: 1, tools: [chart, describeImage], workspace: { dir, shared: true }, resources: source });
  valueMode = createCodeMode({ poolSize: 1, tools: [chart], callStyle: "value" });
});

afterAll(async () => {
  await Promise.all([codeMode.close(), valueMode.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe("createCodeMode tool content", () => {
  it("counts the blocks the data leaves out, and gives them only to a call that asks", async () => {
    const result = await codeMode.execute(`
      const plain = await tools.reports.chart({});
      const full = await tools.reports.chart({}, { content: true });
      const [image, link, embedded] = full.meta.content;
      const saved = await files.write({ path: "chart.png", data: image.data });
      return { plain: plain.meta, data: full.data, types: full.meta.content.map((block) => block.type), isBytes: image.data instanceof Uint8Array,
        mimeType: image.mimeType, link: link.uri, blob: Array.from(embedded.resource.blob), saved: saved.ok };
    `);
    expect(result.error).toBeNull();
    expect(result.result).toEqual({
      plain: { omitted: 3 },
      data: "chart of sales",
      types: ["image", "resource_link", "resource"],
      isBytes: true,
      mimeType: "image/png",
      link: "report://sales/2026",
      blob: [...IMAGE],
      saved: true,
    });
    expect(Buffer.compare(await readFile(join(dir, "chart.png")), IMAGE)).toBe(0);
  });

  it("passes an image on to another tool as base64, as MCP carries bytes in JSON", async () => {
    const result = await codeMode.execute(`
      const { meta } = await tools.reports.chart({}, { content: true });
      return (await tools.vision.describe({ image: meta.content[0].data })).data.received;
    `);
    expect(result.result).toBe(IMAGE.toString("base64"));
  });

  it("resolves to { data, content } in the value call style", async () => {
    const result = await valueMode.execute(`
      const plain = await tools.reports.chart({});
      const { data, content } = await tools.reports.chart({}, { content: true });
      return { plain, data, first: content[0].type, bytes: content[0].data.length };
    `);
    expect(result.result).toEqual({ plain: "chart of sales", data: "chart of sales", first: "image", bytes: IMAGE.length });
  });

  it("counts the content against the result cap", async () => {
    const small = createCodeMode({ poolSize: 1, tools: [chart], limits: { maxToolResultBytes: 60 } });
    try {
      const result = await small.execute(`return [(await tools.reports.chart({})).ok, (await tools.reports.chart({}, { content: true })).error?.code];`);
      expect(result.result).toEqual([true, "limit_exceeded"]);
    } finally {
      await small.close();
    }
  });

  it("declares Content, meta.content and the resources global", () => {
    const declarations = codeMode.declarations();
    expect(declarations).toContain("meta: { omitted: number; content?: Content[] }");
    expect(declarations).toContain('{ type: "image" | "audio"; mimeType: string; data: Uint8Array }');
    expect(declarations).toContain("declare const resources: {");
    expect(valueMode.declarations()).toContain("resolves to `{ data, content: Content[] }`");
    expect(valueMode.declarations()).not.toContain("declare const resources");
    expect(codeMode.prompt()).toContain("resources.read({ namespace, uri })");
  });
});

describe("createCodeMode resources", () => {
  it("lists and reads only what the caller's allowlist admits, answering a forbidden read as not found", async () => {
    const result = await codeMode.execute(
      `
      const listed = await resources.list();
      const read = await resources.read({ namespace: "reports", uri: "report://sales/2026" });
      const forbidden = await resources.read({ namespace: "hr", uri: "hr://salaries" });
      const missing = await resources.read({ namespace: "reports", uri: "report://nope" });
      const bad = await resources.read({ namespace: "reports" });
      return { listed: listed.data.map((item) => item.namespace + " " + item.uri), read: read.data, forbidden: forbidden.error.code,
        missing: missing.error.code, bad: bad.error.code };
    `,
      { allow: ["reports.*"] },
    );
    expect(result.error).toBeNull();
    expect(result.result).toEqual({
      listed: ["reports report://sales/2026", "reports report://secret"],
      read: [{ uri: "report://sales/2026", mimeType: "text/csv", text: "month,total\n1,10" }],
      forbidden: "not_found",
      missing: "not_found",
      bad: "invalid_arguments",
    });
    const narrow = await codeMode.execute(`return (await resources.list({ namespace: "reports" })).data.map((item) => item.uri);`, {
      allow: ["reports.resource:report://sales/*"],
    });
    expect(narrow.result).toEqual(["report://sales/2026"]);
  });

  it("gives blobs to the script as bytes, and no resources global without a source", async () => {
    const blobs = createCodeMode({
      poolSize: 1,
      resources: { list: async () => [], read: async ({ uri }) => [{ uri, blob: IMAGE.toString("base64") }] },
    });
    try {
      const result = await blobs.execute(`const r = await resources.read({ namespace: "a", uri: "x://1" }); return Array.from(r.data[0].blob);`);
      expect(result.result).toEqual([...IMAGE]);
      const none = await valueMode.execute(`return typeof resources;`);
      expect(none.result).toBe("undefined");
    } finally {
      await blobs.close();
    }
  });
});
