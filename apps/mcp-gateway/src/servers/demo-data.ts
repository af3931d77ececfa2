/** One invoice of the demo billing server. */
export interface Invoice {
  id: string;
  customerId: string;
  amountCents: number;
  currency: "USD";
  status: "paid" | "open" | "overdue";
  issuedOn: string;
}

/** How many invoices the demo billing server holds. */
export const INVOICE_COUNT = 2000;
/** Invoices per page of `list_invoices`. */
export const INVOICE_PAGE_SIZE = 100;

const STATUSES = ["paid", "paid", "open", "overdue"] as const;

/** The demo's invoices: deterministic, so a test can check a total computed through the gateway. */
export function createInvoices(): Invoice[] {
  return Array.from({ length: INVOICE_COUNT }, (_, index) => ({
    id: `INV-${String(index + 1).padStart(5, "0")}`,
    customerId: `c-${1000 + (index % 40)}`,
    amountCents: 1000 + ((index * 7919) % 50_000),
    currency: "USD",
    status: STATUSES[index % STATUSES.length] ?? "paid",
    issuedOn: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000 * 4).toISOString().slice(0, 10),
  }));
}

/** The demo's customers. */
export const CUSTOMERS = Array.from({ length: 40 }, (_, index) => ({
  id: `c-${1000 + index}`,
  name: ["Acme Corp", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries", "Wayne Enterprises", "Tyrell"][index % 8] + (index >= 8 ? ` ${Math.floor(index / 8) + 1}` : ""),
  email: `billing@customer${1000 + index}.example`,
}));
