import type { UserConfig } from "tsdown";

/** A package's build: its entries, plus any option it needs beyond the shared ones. */
export function defineBuild(entry: Record<string, string>, options?: UserConfig): UserConfig;
