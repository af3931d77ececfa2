export { createQuotas, type QuotaGrant, type QuotaName, type Quotas } from "./create-quotas.js";
