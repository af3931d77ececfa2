// The names packages/core/README.md leaves to the reader.
export const crm = {
  async find(email: string, _options: { signal: AbortSignal }) {
    return { id: "cus_1", email, name: "Acme" };
  },
};

/** What a model would write. */
export const modelWrittenCode = `return (await tools.crm.find_customer({ email: "ap@acme.test" })).data.name;`;

export const signal = new AbortController().signal;

// A `script` block is a script body: these are the globals the sandbox gives it.
export const tools: any = {};
export const files: any = {};
