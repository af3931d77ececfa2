// Refuses every way vitest offers to run fewer tests than are written: focused, skipped, todo, conditional and
// expected-to-fail tests, whether as a modifier (`it.skip`, `it.concurrent.only`, `describe.skipIf(x)(...)`), an
// options object (`it("...", { skip: true }, fn)`) or the test context (`it("...", (context) => context.skip())`).
// A test that must not run somewhere says so with an eslint-disable comment that gives the reason.

const TEST_FUNCTIONS = new Set(["it", "test", "describe", "suite", "bench"]);
// Jest-style aliases: each one is a skipped or focused test by its name alone.
const ALIASES = new Set(["xit", "xtest", "xdescribe", "fit", "fdescribe"]);
const MODIFIERS = new Set(["only", "skip", "todo", "skipIf", "runIf", "fails"]);
const OPTIONS = new Set(["only", "skip", "todo", "fails"]);

const propertyName = (node) =>
  node.type === "Identifier" ? node.name : node.type === "Literal" && typeof node.value === "string" ? node.value : undefined;

/** The identifier a chain such as `it.concurrent.skip` or `test.extend({})` starts from. */
function chainRoot(node) {
  let current = node;
  for (;;) {
    if (current.type === "MemberExpression") current = current.object;
    else if (current.type === "CallExpression") current = current.callee;
    else return current.type === "Identifier" ? current.name : undefined;
  }
}

const isFunction = (node) => node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression";

export const noSkippedTests = {
  meta: {
    type: "problem",
    docs: { description: "Every written test runs: no focused, skipped, todo, conditional or expected-to-fail tests." },
    schema: [],
    messages: {
      modifier: "`{{root}}.{{modifier}}` runs fewer tests than are written; every test runs.",
      alias: "`{{name}}` runs fewer tests than are written; every test runs.",
      option: "The `{{option}}` option runs fewer tests than are written; every test runs.",
      contextSkip: "Skipping from the test context runs fewer tests than are written; every test runs.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      MemberExpression(node) {
        const modifier = propertyName(node.property);
        if (!MODIFIERS.has(modifier)) return;
        const root = chainRoot(node.object);
        if (TEST_FUNCTIONS.has(root) || ALIASES.has(root)) context.report({ node: node.property, messageId: "modifier", data: { root, modifier } });
      },
      CallExpression(node) {
        const root = chainRoot(node.callee);
        if (ALIASES.has(root) && node.callee.type === "Identifier") {
          context.report({ node: node.callee, messageId: "alias", data: { name: root } });
          return;
        }
        if (!TEST_FUNCTIONS.has(root)) return;
        for (const argument of node.arguments) {
          if (argument.type === "ObjectExpression") {
            for (const property of argument.properties) {
              const option = property.type === "Property" ? propertyName(property.key) : undefined;
              if (OPTIONS.has(option)) context.report({ node: property, messageId: "option", data: { option } });
            }
          }
          if (isFunction(argument)) reportContextSkip(argument);
        }
      },
    };

    function reportContextSkip(testFunction) {
      const first = testFunction.params[0];
      if (!first) return;
      if (first.type === "ObjectPattern") {
        for (const property of first.properties) {
          if (property.type === "Property" && propertyName(property.key) === "skip") context.report({ node: property, messageId: "contextSkip" });
        }
        return;
      }
      if (first.type !== "Identifier") return;
      const variable = sourceCode.getDeclaredVariables(testFunction).find((declared) => declared.name === first.name);
      for (const reference of variable?.references ?? []) {
        const parent = reference.identifier.parent;
        if (parent.type === "MemberExpression" && parent.object === reference.identifier && propertyName(parent.property) === "skip") {
          context.report({ node: parent, messageId: "contextSkip" });
        }
      }
    }
  },
};
