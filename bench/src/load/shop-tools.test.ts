import { createCodeMode } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { expectedAnswer, shopInput, shopScript, shopToolDefinitions } from "./shop-tools.js";

describe("shopScript", () => {
  it("returns through the real engine exactly the answer expectedAnswer computes", async () => {
    const codeMode = createCodeMode({ tools: shopToolDefinitions() });
    try {
      for (const input of [shopInput(0, 0), shopInput(41, 3), shopInput(99, -1)]) {
        const result = await codeMode.execute(shopScript(input));
        expect(result.status).toBe("completed");
        expect(result.result).toEqual(expectedAnswer(input));
        expect(result.toolCalls.length).toBeGreaterThanOrEqual(3);
        expect(result.toolCalls.length).toBeLessThanOrEqual(5);
      }
    } finally {
      await codeMode.close();
    }
  });
});

describe("expectedAnswer", () => {
  it("differs for every client and run of the load benchmark, so a mixed-up answer is caught", () => {
    const answers = new Set<string>();
    for (let client = 0; client < 100; client++) {
      for (let run = -1; run < 10; run++) answers.add(JSON.stringify(expectedAnswer(shopInput(client, run))));
    }
    expect(answers.size).toBe(100 * 11);
  });
});
