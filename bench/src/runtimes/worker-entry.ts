// The per-runtime benchmark in workerd: a Worker whose one request measures the in-process engine (the only one
// there) and answers with the figures.
import * as core from "@codemode/core";
import quickjs from "./quickjs.wasm";
import { measureRuntime, type CoreEntry } from "./measure-runtime.js";

export default {
  async fetch(): Promise<Response> {
    try {
      return Response.json(await measureRuntime(core as unknown as CoreEntry, "in-process", quickjs as WebAssembly.Module));
    } catch (error) {
      return Response.json({ error: String(error instanceof Error ? error.stack : error) }, { status: 500 });
    }
  },
};
