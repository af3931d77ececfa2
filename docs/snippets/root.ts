// The names the root README's example leaves to the reader: a billing client whose 250 invoices (1,027,350 in all)
// come 100 to a page.
const invoices = Array.from({ length: 250 }, (_, index) => ({ id: `inv_${index + 1}`, amount: index === 0 ? 4209 : 4109 }));

// The run fails unless the script read every page.
const pages: string[] = [];
process.on("exit", () => {
  if (pages.join() !== ",100,200") (console.error(`pages read: ${JSON.stringify(pages)}`), (process.exitCode = 1));
});

export const billing = {
  async listInvoices({ cursor }: { cursor?: string; signal?: AbortSignal }) {
    pages.push(cursor ?? "");
    const start = Number(cursor ?? 0);
    const end = start + 100;
    return { invoices: invoices.slice(start, end), nextCursor: end < invoices.length ? String(end) : undefined };
  },
};
