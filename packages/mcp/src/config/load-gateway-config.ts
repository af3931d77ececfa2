import { readFile } from "node:fs/promises";
import { invalidConfig, parseGatewayConfig } from "./parse-gateway-config.js";
import { parseJsonc } from "./parse-jsonc.js";
import type { GatewayConfig } from "./gateway-config.js";

/** Reads, parses and checks a gateway config file; every failure is an `INVALID_CONFIG` CodeModeError naming the file. */
export async function loadGatewayConfig(file: string): Promise<GatewayConfig> {
  return parseGatewayConfig(await readClientConfigFile(file), { file });
}

/** Reads a JSON (or VS Code's JSONC) config file; a missing file or bad JSON is an `INVALID_CONFIG` CodeModeError. */
export async function readClientConfigFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message;
    throw invalidConfig([`${file}: ${reason}`], file);
  }
  try {
    return parseJsonc(text);
  } catch (error) {
    throw invalidConfig([`${file}: not valid JSON (${(error as Error).message})`], file);
  }
}
