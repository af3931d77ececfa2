/** A customer in the demo CRM. */
export interface DemoCustomer {
  id: string;
  name: string;
  country: string;
  /** Yearly revenue in US dollars; "the largest customers" are the ones with the most. */
  annualRevenue: number;
}

/** An invoice in the demo billing system; amounts are whole US dollars so totals are exact. */
export interface DemoInvoice {
  id: string;
  customerId: string;
  amount: number;
  status: "paid" | "unpaid";
  dueDate: string;
}

/** A ticket in the demo support desk. */
export interface DemoTicket {
  id: string;
  customerId: string;
  subject: string;
  status: "open" | "closed";
  priority: "low" | "normal" | "high";
}

function freeze<T extends object>(items: T[]): readonly Readonly<T>[] {
  return Object.freeze(items.map((item) => Object.freeze(item)));
}

/** The demo customers, always the same. */
export const DEMO_CUSTOMERS = freeze<DemoCustomer>([
  { id: "cus_01", name: "Acme Corp", country: "US", annualRevenue: 4_200_000 },
  { id: "cus_02", name: "Globex", country: "DE", annualRevenue: 9_800_000 },
  { id: "cus_03", name: "Initech", country: "US", annualRevenue: 1_100_000 },
  { id: "cus_04", name: "Umbrella", country: "GB", annualRevenue: 12_500_000 },
  { id: "cus_05", name: "Hooli", country: "US", annualRevenue: 7_300_000 },
  { id: "cus_06", name: "Vandelay Industries", country: "US", annualRevenue: 650_000 },
  { id: "cus_07", name: "Soylent", country: "FR", annualRevenue: 2_900_000 },
  { id: "cus_08", name: "Stark Industries", country: "US", annualRevenue: 5_400_000 },
]);

/** The demo invoices, always the same. */
export const DEMO_INVOICES = freeze<DemoInvoice>([
  { id: "inv_1001", customerId: "cus_01", amount: 1200, status: "paid", dueDate: "2026-09-01" },
  { id: "inv_1002", customerId: "cus_01", amount: 3400, status: "unpaid", dueDate: "2026-11-01" },
  { id: "inv_1003", customerId: "cus_02", amount: 8000, status: "unpaid", dueDate: "2026-10-15" },
  { id: "inv_1004", customerId: "cus_02", amount: 2500, status: "paid", dueDate: "2026-08-15" },
  { id: "inv_1005", customerId: "cus_02", amount: 1750, status: "unpaid", dueDate: "2026-12-15" },
  { id: "inv_1006", customerId: "cus_03", amount: 900, status: "unpaid", dueDate: "2026-11-20" },
  { id: "inv_1007", customerId: "cus_04", amount: 15000, status: "paid", dueDate: "2026-07-30" },
  { id: "inv_1008", customerId: "cus_04", amount: 4200, status: "unpaid", dueDate: "2026-11-30" },
  { id: "inv_1009", customerId: "cus_04", amount: 600, status: "unpaid", dueDate: "2026-12-30" },
  { id: "inv_1010", customerId: "cus_05", amount: 5100, status: "unpaid", dueDate: "2026-10-01" },
  { id: "inv_1011", customerId: "cus_05", amount: 2200, status: "paid", dueDate: "2026-09-10" },
  { id: "inv_1012", customerId: "cus_06", amount: 300, status: "unpaid", dueDate: "2026-11-05" },
  { id: "inv_1013", customerId: "cus_07", amount: 1900, status: "paid", dueDate: "2026-10-20" },
  { id: "inv_1014", customerId: "cus_08", amount: 7700, status: "unpaid", dueDate: "2026-12-01" },
  { id: "inv_1015", customerId: "cus_08", amount: 1300, status: "paid", dueDate: "2026-08-01" },
]);

/** The demo support tickets, always the same. */
export const DEMO_TICKETS = freeze<DemoTicket>([
  { id: "tic_501", customerId: "cus_02", subject: "Invoice inv_1003 charged twice", status: "open", priority: "high" },
  { id: "tic_502", customerId: "cus_04", subject: "Cannot export reports", status: "open", priority: "normal" },
  { id: "tic_503", customerId: "cus_01", subject: "Password reset loop", status: "closed", priority: "low" },
  { id: "tic_504", customerId: "cus_05", subject: "API rate limit too low", status: "open", priority: "normal" },
  { id: "tic_505", customerId: "cus_04", subject: "Invoice address is wrong", status: "closed", priority: "low" },
]);
