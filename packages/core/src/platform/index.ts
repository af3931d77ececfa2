export type { EngineKind, Platform } from "./platform.js";
