export { createQuotas, type Quotas } from "./create-quotas.js";
