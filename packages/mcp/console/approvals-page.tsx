import { useEffect, useState } from "preact/hooks";
import { api, type PendingCall } from "./api.js";
import { PendingList, RunView, useRun } from "./run-view.js";
import { ErrorNote, formatWhen, PageHead } from "./ui.js";

interface PausedRun {
  id: string;
  code: string;
  pending: PendingCall[];
  pausedAt: string;
  expiresAt: number;
}

/**
 * Your runs that wait for a person: approve or deny the calls each waits on, and the run goes on (on whichever gateway
 * process takes the decision), its events shown as it finishes.
 */
export function ApprovalsPage({ onChange }: { onChange: () => void }) {
  const [runs, setRuns] = useState<PausedRun[]>();
  const [error, setError] = useState<string>();
  const load = () => api<{ approvals: PausedRun[] }>("approvals").then((answer) => setRuns(answer.approvals), (failure: Error) => setError(failure.message));
  useEffect(() => void load(), []);
  return (
    <>
      <PageHead title="Approvals" actions={<button class="btn" onClick={() => void load()}>Refresh</button>}>
        Runs you started here that wait for a person to approve a call. A decision resumes the run where it paused; nothing before the pause runs again.
      </PageHead>
      <ErrorNote message={error} />
      {runs?.length === 0 ? <div class="panel empty">Nothing waits for approval.</div> : null}
      {runs?.map((run) => <Approval key={run.id} run={run} onDecided={onChange} />)}
    </>
  );
}

function Approval({ run, onDecided }: { run: PausedRun; onDecided: () => void }) {
  const [state, start] = useRun();
  const [decided, setDecided] = useState<"approved" | "denied">();
  const decide = async (approved: boolean) => {
    setDecided(approved ? "approved" : "denied");
    await start(`approvals/${run.id}`, { decisions: Object.fromEntries(run.pending.map((call) => [call.callId, approved])) });
    onDecided();
  };
  return (
    <div class="approval" aria-label="Paused run">
      <div class="panel-head">
        <div>
          <h2>
            {run.pending.length === 1 ? `${run.pending[0]!.tool} waits for your approval` : `${run.pending.length} calls wait for your approval`}
          </h2>
          <div class="faint small">
            paused {formatWhen(run.pausedAt)}, can be decided until {new Date(run.expiresAt).toLocaleString()}
          </div>
        </div>
        {decided ? (
          <span class={`pill ${decided === "approved" ? "ok" : "bad"}`}>{decided}</span>
        ) : (
          <div class="row">
            <button class="btn deny" onClick={() => void decide(false)}>
              Deny
            </button>
            <button class="btn approve" onClick={() => void decide(true)}>
              Approve
            </button>
          </div>
        )}
      </div>
      <PendingList pending={run.pending} />
      <details>
        <summary class="small muted">The script</summary>
        <pre class="code-block">{run.code}</pre>
      </details>
      {decided ? (
        <>
          <div class="gap" />
          <RunView state={state} />
        </>
      ) : null}
    </div>
  );
}
