import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { ErrorNote, formatWhen, PageHead, Pill } from "./ui.js";

interface Upstream {
  id: string;
  status: string;
  protocolVersion: string | undefined;
  error: string | undefined;
  lastFailure: { message: string; at: string } | undefined;
  reconnects: number;
  toolCount: number;
}

/** The upstream MCP servers this principal's tools come from: are they up, what they speak, what last went wrong. */
export function UpstreamsPage() {
  const [upstreams, setUpstreams] = useState<Upstream[]>();
  const [error, setError] = useState<string>();
  const load = () => api<{ upstreams: Upstream[] }>("upstreams").then((answer) => setUpstreams(answer.upstreams), (failure: Error) => setError(failure.message));
  useEffect(() => void load(), []);
  const up = upstreams?.filter((upstream) => upstream.status === "connected").length ?? 0;
  return (
    <>
      <PageHead title="Upstreams" actions={<button class="btn" onClick={() => void load()}>Refresh</button>}>
        The MCP servers behind this gateway that your tools come from. {upstreams ? `${up} of ${upstreams.length} connected.` : ""}
      </PageHead>
      <ErrorNote message={error} />
      <div class="panel">
        <table aria-label="Upstreams">
          <thead>
            <tr>
              <th>Server</th>
              <th>Status</th>
              <th>MCP revision</th>
              <th>Tools</th>
              <th>Reconnects</th>
              <th>Last failure</th>
            </tr>
          </thead>
          <tbody>
            {upstreams?.map((upstream) => (
              <tr key={upstream.id}>
                <td>
                  <strong class="mono">{upstream.id}</strong>
                </td>
                <td>
                  <Pill status={upstream.status} />
                </td>
                <td class="mono">{upstream.protocolVersion ?? "–"}</td>
                <td>{upstream.toolCount}</td>
                <td>{upstream.reconnects}</td>
                <td class="small">
                  {upstream.lastFailure ? (
                    <>
                      <div>{upstream.lastFailure.message}</div>
                      <div class="faint">{formatWhen(upstream.lastFailure.at)}</div>
                    </>
                  ) : (
                    <span class="faint">none</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {upstreams?.length === 0 ? <div class="empty">No upstream serves tools you may use.</div> : null}
      </div>
    </>
  );
}
