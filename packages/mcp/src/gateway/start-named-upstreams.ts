import type { CheckResult, ExecutionResult } from "@codemode/core";

/** What {@link startNamedUpstreams} needs of a gateway. */
export interface NamedUpstreamsHost {
  /** Each upstream, and where its tool list came from. */
  upstreams(): readonly { id: string; catalog: "listed" | "cached" | "none" }[];
  /** The script check against the tools known now; absent when scripts are not checked. */
  check?: ((code: string) => Promise<CheckResult>) | undefined;
  /** Waits for one upstream, as a call would; rejects saying why it did not come. */
  ready(id: string): Promise<void>;
}

/**
 * Before a script runs, lists the tools of the upstreams it names statically (`tools.fs.…`, `tools["fs"]`) that no
 * tool list is known of yet: the check refuses a call of a tool it does not know. The script is checked first, against
 * the tools known now, so one refused for anything else is refused as it is, before anything starts. A computed name
 * is never checked: its upstream starts at the call. Resolves to a note for each upstream that did not come.
 */
export async function startNamedUpstreams(code: string, host: NamedUpstreamsHost): Promise<string[]> {
  const named = host.upstreams().filter(({ id, catalog }) => catalog === "none" && namesUpstream(code, id)).map(({ id }) => id);
  if (named.length === 0) return [];
  if (host.check) {
    const faults = await host.check(code).then(
      ({ diagnostics }) => diagnostics.filter((fault) => !(fault.code === "unknown_tool" && named.some((id) => fault.message.includes(id)))),
      // A checker that cannot start is the run's own business: it says so there.
      () => [],
    );
    if (faults.length > 0) return [];
  }
  const notes = await Promise.all(
    named.map((id) =>
      host.ready(id).then(
        () => undefined,
        (error: unknown) => `${(error as Error).message.replace(/\.$/, "")}: the check could not know its tools.`,
      ),
    ),
  );
  return notes.filter((note): note is string => note !== undefined);
}

/** The result with a diagnostic for each upstream the script names whose tools could not be listed before it ran. */
export function withUnlistedUpstreams(result: ExecutionResult, notes: readonly string[]): ExecutionResult {
  if (notes.length === 0) return result;
  const diagnostics = notes.map((message) => ({ code: "upstream_unavailable", message }));
  return { ...result, diagnostics: [...result.diagnostics, ...diagnostics] };
}

function namesUpstream(code: string, id: string): boolean {
  const name = id.replace(/[-]/g, "\\-");
  return new RegExp(String.raw`\btools\s*(?:\??\.\s*${name}(?![\w$-])|\[\s*(["'\x60])${name}\1\s*\])`).test(code);
}
