// The names packages/core/README.md leaves to the reader.
export const crm = {
  async find(email: string, _options: { signal: AbortSignal }) {
    found.push(email);
    return { id: "cus_1", email, name: "Acme" };
  },
};

// The run fails unless the model's script reached the tool.
const found: string[] = [];
process.on("exit", () => {
  if (found.join() !== "ap@acme.test") (console.error(`crm.find saw ${JSON.stringify(found)}`), (process.exitCode = 1));
});

/** What a model would write. */
// TypeScript, so that running it needs the type stripper the core loads lazily.
export const modelWrittenCode = `const email: string = "ap@acme.test";
return (await tools.crm.find_customer({ email })).data.name;`;

export const signal = new AbortController().signal;

// A `script` block is a script body: these are the globals the sandbox gives it.
export const tools: any = {};
export const files: any = {};
