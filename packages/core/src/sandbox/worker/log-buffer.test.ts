import { describe, expect, it } from "vitest";
import { createLogBuffer } from "./log-buffer.js";

describe("createLogBuffer", () => {
  it("keeps lines in order and hands out only the new ones", () => {
    const logs = createLogBuffer(10, 100);
    logs.write("a");
    logs.write("b");
    expect(logs.takeNew()).toEqual(["a", "b"]);
    logs.write("c");
    expect(logs.takeNew()).toEqual(["c"]);
    expect(logs.diagnostics()).toEqual([]);
  });

  it("drops lines past the cap and says how many", () => {
    const logs = createLogBuffer(2, 100);
    for (const line of ["1", "2", "3", "4"]) logs.write(line);
    expect(logs.takeNew()).toEqual(["1", "2"]);
    expect(logs.diagnostics()).toEqual([expect.objectContaining({ code: "log_lines_dropped", message: expect.stringMatching(/^2 /) })]);
  });

  it("cuts a line at the byte cap without splitting a character", () => {
    const logs = createLogBuffer(10, 5);
    logs.write("ééé");
    logs.write("😀😀");
    logs.write("abc");
    expect(logs.takeNew()).toEqual(["éé", "😀", "abc"]);
    expect(logs.diagnostics()).toEqual([expect.objectContaining({ code: "log_line_truncated" })]);
  });
});
