export type { EngineKind } from "./platform.js";
