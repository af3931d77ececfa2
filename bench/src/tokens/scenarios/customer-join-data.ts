import { pick, seededRandom } from "../../stats/seeded-random.js";

/** A CRM record as `crm.find_customer` returns it. */
export interface Customer {
  id: string;
  name: string;
  domain: string;
  country: string;
  segment: string;
  accountOwner: string;
  createdAt: string;
  contacts: { name: string; email: string; role: string }[];
  address: { street: string; city: string; postcode: string };
}

/** A support ticket as `support.recent_tickets` returns it. */
export interface Ticket {
  id: string;
  customerId: string;
  subject: string;
  status: "open" | "pending" | "closed";
  priority: "low" | "normal" | "high";
  createdAt: string;
  body: string;
}

const COMPANIES = ["Globex Corporation", "Globex Europe GmbH", "Globex Logistics", "Globex Labs", "Initech", "Umbrella", "Hooli", "Vandelay"];
const PEOPLE = ["Ada Park", "Brian Cole", "Chen Wu", "Dana Ruiz", "Eli Novak", "Farah Iqbal", "Gus Meyer", "Hana Sato"];
const ROLES = ["CTO", "IT admin", "Finance lead", "Procurement", "Head of support"];
const SUBJECTS = ["SSO login fails for new users", "Invoice shows wrong VAT", "Export to CSV times out", "Webhook retries flood our endpoint", "Seat count not updated after upgrade", "API rate limit too low", "Audit log missing events", "Dashboard loads slowly"];
const SENTENCES = [
  "Since this morning several people on our team see an error page right after signing in.",
  "We followed the steps in your documentation and cleared caches, but nothing changed.",
  "This blocks our month-end process, so we would appreciate a quick answer.",
  "Attached are the request ids from our logs and a screenshot of the failing screen.",
  "The problem started after we changed our identity provider settings last week.",
  "Please tell us whether this is a known issue and when a fix is expected.",
];

function createCustomers(): Customer[] {
  const random = seededRandom(2);
  return COMPANIES.map((name, index) => ({
    id: `cus_${String(1040 + index)}`,
    name,
    domain: `${name.toLowerCase().replaceAll(/[^a-z]+/g, "")}.example`,
    country: pick(["US", "DE", "FR", "GB", "JP"], random),
    segment: pick(["enterprise", "mid-market", "smb"], random),
    accountOwner: pick(PEOPLE, random),
    createdAt: `20${String(18 + index % 7)}-0${1 + (index % 9)}-1${index % 10}`,
    contacts: [0, 1, 2].map((offset) => {
      const person = PEOPLE[(index + offset * 3) % PEOPLE.length]!;
      return { name: person, email: `${person.split(" ")[0]!.toLowerCase()}@example.com`, role: pick(ROLES, random) };
    }),
    address: { street: `${10 + index * 7} Market Street`, city: pick(["Springfield", "Berlin", "Lyon", "Leeds", "Osaka"], random), postcode: String(10000 + index * 137) },
  }));
}

function createTickets(customers: readonly Customer[]): Ticket[] {
  const random = seededRandom(22);
  return Array.from({ length: 160 }, (_, index) => ({
    id: `T-${8600 + index}`,
    customerId: customers[index % customers.length]!.id,
    subject: pick(SUBJECTS, random),
    status: pick(["open", "pending", "closed", "closed"] as const, random),
    priority: pick(["low", "normal", "normal", "high"] as const, random),
    createdAt: `2026-11-${String(1 + (index % 29)).padStart(2, "0")}`,
    body: [0, 1, 2, 3].map(() => pick(SENTENCES, random)).join(" "),
  }));
}

/** The CRM's customers, several of them matching "Globex". */
export const CUSTOMERS = createCustomers();
/** Every ticket of every customer, newest last. */
export const TICKETS = createTickets(CUSTOMERS);

/** Plans by customer: name, seats, price and features. */
export function planOf(customerId: string): { name: string; seats: number; monthlyPrice: number; renewsAt: string; features: string[] } {
  const enterprise = Number(customerId.slice(4)) % 2 === 0;
  return {
    name: enterprise ? "Enterprise" : "Business",
    seats: enterprise ? 250 : 40,
    monthlyPrice: enterprise ? 12500 : 1600,
    renewsAt: "2027-03-01",
    features: enterprise ? ["sso", "audit-log", "priority-support", "sandbox", "custom-roles", "data-residency"] : ["sso", "api-access"],
  };
}
