// A small grammar of statements for the engine's property tests: loops with small bounds, tool calls with random
// arguments (awaited, in parallel, or left running), throws, awaits, returns and logs of random values, and garbage.
import fc from "fast-check";
import { fuzzValue } from "./fuzz-value.js";

const value = fuzzValue.map((generated) => generated.code);

const statements: fc.Arbitrary<string>[] = [
  value.map((code) => `acc.push(${code});`),
  value.map((code) => `acc.push(await tools.fuzz.echo(${code}));`),
  value.map((code) => `acc.push((await tools.fuzz.fail(${code})).error);`),
  fc.tuple(value, value).map(([left, right]) => `acc.push(await Promise.all([tools.fuzz.echo(${left}), tools.fuzz.echo(${right})]));`),
  value.map((code) => `tools.fuzz.echo(${code});`),
  fc.string({ maxLength: 12 }).map((query) => `acc.push(await catalog.search({ query: ${JSON.stringify(query)} }));`),
  fc.constantFrom("await null;", "await Promise.resolve(acc.length);", "acc.length = 0;", "acc.push(acc);"),
  // Built-ins the serialiser and the tools piece rely on, replaced by the script.
  fc.constantFrom(
    "Object.prototype.toJSON = function () { return 'polluted'; };",
    "Array.prototype.toJSON = () => 1;",
    "JSON.stringify = () => 'forged';",
    "JSON.parse = () => ({});",
    "Object.keys = () => [];",
    "Map.prototype.forEach = null;",
    "Object.defineProperty(Object.prototype, 'then', { get() { throw new Error('then'); }, configurable: true });",
    "Promise.prototype.then = function () { return this; };",
  ),
  fc.tuple(value, value).map(([left, right]) => `console.log(${left}, ${right});`),
  value.map((code) => `throw ${code};`),
  value.map((code) => `return ${code};`),
];
const simple: fc.Arbitrary<string> = fc.oneof(
  ...statements.map((arbitrary) => ({ arbitrary, weight: 10 })),
  // Garbage, rare enough that most scripts still parse: most of it must fail as a ParseError like any other script.
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);

/** One statement, possibly a loop, branch or try block around more statements. */
const statement: fc.Arbitrary<string> = fc.letrec<{ statement: string }>((tie) => ({
  statement: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    simple,
    fc.tuple(fc.integer({ min: 0, max: 4 }), fc.array(tie("statement"), { maxLength: 3 })).map(
      ([bound, body]) => `for (let i = 0; i < ${bound}; i++) {\n${body.join("\n")}\n}`,
    ),
    fc.tuple(fc.array(tie("statement"), { maxLength: 2 }), fc.array(tie("statement"), { maxLength: 2 })).map(
      ([then, otherwise]) => `if (acc.length % 2 === 0) {\n${then.join("\n")}\n} else {\n${otherwise.join("\n")}\n}`,
    ),
    fc.array(tie("statement"), { maxLength: 3 }).map((body) => `try {\n${body.join("\n")}\n} catch (error) {\nacc.push(String(error));\n}`),
  ),
})).statement;

/** A whole random script: statements over an accumulator it returns at the end. */
export const fuzzScript: fc.Arbitrary<string> = fc
  .array(statement, { maxLength: 6 })
  .map((statements) => `const acc = [];\n${statements.join("\n")}\nreturn acc;`);
