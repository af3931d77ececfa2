import { describe, expect, it } from "vitest";
import { LARGE_DOCUMENT_SHAPE, largeDocumentScenario } from "./large-document-scenario.js";

describe("largeDocumentScenario", () => {
  it("serves a document of about 200 KB of which a dozen lines are wanted", () => {
    expect(LARGE_DOCUMENT_SHAPE.bytes).toBeGreaterThanOrEqual(200_000);
    expect(LARGE_DOCUMENT_SHAPE.bytes).toBeLessThan(201_000);
    expect(LARGE_DOCUMENT_SHAPE.wantedLines).toBe(12);
    expect((JSON.parse(largeDocumentScenario.expected) as { lines: string[] }).lines).toHaveLength(12);
  });
});
