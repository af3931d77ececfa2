import { readFile } from "node:fs/promises";
import { GatewayConfigError, parseGatewayConfig } from "./parse-gateway-config.js";
import type { GatewayConfig } from "./gateway-config.js";

/** Reads, parses and checks a gateway config file; every failure is a {@link GatewayConfigError} naming the file. */
export async function loadGatewayConfig(file: string): Promise<GatewayConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message;
    throw new GatewayConfigError([`${file}: ${reason}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GatewayConfigError([`${file}: not valid JSON (${(error as Error).message})`]);
  }
  return parseGatewayConfig(json);
}
