export { createQuotas, type QuotaGrant, type Quotas } from "./create-quotas.js";
