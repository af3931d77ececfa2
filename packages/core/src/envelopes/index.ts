export type { CallEnvelope, CallError, CallErrorCode, CallMeta, CatalogEnvelope } from "./call-envelope.js";
