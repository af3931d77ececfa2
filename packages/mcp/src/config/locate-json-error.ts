/** Where a JSON text first goes wrong, and what was expected there. */
export interface JsonErrorLocation {
  line: number;
  column: number;
  problem: string;
}

/**
 * Finds the first syntax error of a JSON text that `JSON.parse` refused, as a line and column (1-based) and a few
 * words on what was expected: V8's own message gives a character offset at best, and a line is what an editor shows.
 */
export function locateJsonError(text: string): JsonErrorLocation {
  let index = 0;
  const fail = (problem: string): never => {
    throw new Located(index, problem);
  };
  const blank = () => {
    while (index < text.length && " \t\n\r".includes(text[index]!)) index++;
  };
  const describe = () => (index >= text.length ? "the end of the file" : JSON.stringify(text[index]));
  const expect = (char: string, what: string) => {
    blank();
    if (text[index] !== char) fail(`expected ${what}, found ${describe()}`);
    index++;
  };
  const string = () => {
    index++;
    for (; index < text.length && text[index] !== '"'; index++) {
      if (text[index] === "\\") index++;
      else if (text.charCodeAt(index) < 0x20) fail("a string has a line break or control character in it; write it as \\n");
    }
    if (index >= text.length) fail("a string is not closed");
    index++;
  };
  const value = (): void => {
    blank();
    const char = text[index];
    if (char === "{") return members("}", () => {
      blank();
      if (text[index] !== '"') fail(`expected a property name in double quotes, found ${describe()}`);
      string();
      expect(":", `":" after the property name`);
      value();
    });
    if (char === "[") return members("]", value);
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(index, index + 64));
    if (!literal) fail(`expected a value, found ${describe()}`);
    index += literal![0].length;
  };
  const members = (close: string, member: () => void) => {
    const what = close === "}" ? "a property value" : "an item";
    index++;
    blank();
    if (text[index] === close) return void index++;
    for (;;) {
      member();
      blank();
      if (text[index] === close) return void index++;
      if (text[index] !== ",") fail(`expected "," or "${close}" after ${what}, found ${describe()}`);
      index++;
    }
  };
  try {
    value();
    blank();
    if (index < text.length) fail(`expected the end of the file after the value, found ${describe()}`);
  } catch (error) {
    if (!(error instanceof Located)) throw error;
    return { ...positionOf(text, error.offset), problem: error.problem };
  }
  return { ...positionOf(text, index), problem: "it is not valid JSON" };
}

class Located {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

/** The 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}
