import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { ErrorNote, formatWhen, PageHead, Pill } from "./ui.js";

interface Session {
  sessionId: string;
  live: boolean;
  running: boolean;
  expiresAt: number;
}

/** Your code sessions: those live in a worker of this gateway process and those hibernated in the session store. */
export function SessionsPage({ enabled }: { enabled: boolean }) {
  const [sessions, setSessions] = useState<Session[]>();
  const [error, setError] = useState<string>();
  const load = () => api<{ sessions: Session[] }>("sessions").then((answer) => setSessions(answer.sessions), (failure: Error) => setError(failure.message));
  useEffect(() => void (enabled ? load() : undefined), [enabled]);
  const end = (sessionId: string) => api(`sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" }).then(load, (failure: Error) => setError(failure.message));
  return (
    <>
      <PageHead title="Sessions" actions={enabled ? <button class="btn" onClick={() => void load()}>Refresh</button> : undefined}>
        Code sessions keep a script's top-level variables for its next execution: live in a worker while used, hibernated as a snapshot when idle.
      </PageHead>
      <ErrorNote message={error} />
      {!enabled ? <div class="panel empty">Sessions are off in this gateway's config.</div> : null}
      {enabled ? (
        <div class="panel">
          <table aria-label="Sessions">
            <thead>
              <tr>
                <th>Session</th>
                <th>State</th>
                <th>Ends</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {sessions?.map((session) => (
                <tr key={session.sessionId}>
                  <td class="mono">{session.sessionId}</td>
                  <td>
                    {session.running ? <Pill status="running" /> : <Pill status={session.live ? "live" : "hibernated"} />}
                  </td>
                  <td>{formatWhen(session.expiresAt)} unless used</td>
                  <td>
                    <button class="btn small deny" onClick={() => void end(session.sessionId)}>
                      End
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {sessions?.length === 0 ? <div class="empty">No open sessions. An execute call with sessionId "new" starts one.</div> : null}
        </div>
      ) : null}
    </>
  );
}
