// What the rest of the example may use from the demo servers: the data they serve, to check answers against.
export { createInvoices } from "./demo-data.js";
