// The codemode console: one page that signs in, then shows the gateway's upstreams, catalog, playground, runs,
// approvals and sessions as the signed-in principal may see them. Pages are chosen by the URL's hash.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, SignInNeeded, type Me } from "./api.js";
import { ApprovalsPage } from "./approvals-page.js";
import { CatalogPage } from "./catalog-page.js";
import { PlaygroundPage } from "./playground-page.js";
import { RunsPage } from "./runs-page.js";
import { SessionsPage } from "./sessions-page.js";
import { SignInPage } from "./sign-in-page.js";
import { UpstreamsPage } from "./upstreams-page.js";

const PAGES = [
  ["upstreams", "Upstreams"],
  ["catalog", "Catalog"],
  ["playground", "Playground"],
  ["runs", "Runs"],
  ["approvals", "Approvals"],
  ["sessions", "Sessions"],
] as const;

function useHash(): string[] {
  const read = () => location.hash.replace(/^#\/?/, "").split("/");
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const changed = () => setParts(read());
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return parts;
}

function App() {
  const [me, setMe] = useState<Me | null>();
  const [failure, setFailure] = useState<string>();
  const [waiting, setWaiting] = useState(0);
  const [page = "upstreams", id] = useHash();
  useEffect(() => {
    api<Me>("me").then(setMe, (error: Error) => (error instanceof SignInNeeded ? setMe(null) : setFailure(error.message)));
  }, []);
  const countApprovals = () => api<{ approvals: unknown[] }>("approvals").then((answer) => setWaiting(answer.approvals.length), () => undefined);
  useEffect(() => void (me ? countApprovals() : undefined), [me, page]);
  if (failure) return <div class="signin"><div class="panel error-note">{failure}</div></div>;
  if (me === undefined) return null;
  if (me === null) return <SignInPage onSignedIn={setMe} />;
  const signOut = async () => {
    await api("session", { method: "DELETE" }).catch(() => undefined);
    setMe(null);
  };
  return (
    <div class="shell">
      <nav class="side" aria-label="Pages">
        <div class="brand">
          <strong>codemode</strong>
          <span>gateway console</span>
        </div>
        {PAGES.map(([key, title]) => (
          <a key={key} class={`nav ${page === key ? "active" : ""}`} href={`#/${key}`} aria-current={page === key ? "page" : undefined}>
            {title}
            {key === "approvals" && waiting > 0 ? <span class="badge">{waiting}</span> : null}
          </a>
        ))}
        <div class="who">
          <span class="label">Signed in as</span>
          <span class="name">{me.principal}</span>
          {me.signInNeeded ? (
            <button class="btn small" onClick={() => void signOut()}>
              Sign out
            </button>
          ) : null}
        </div>
      </nav>
      <main class="main">
        {page === "catalog" ? <CatalogPage /> : null}
        {page === "playground" ? <PlaygroundPage /> : null}
        {page === "runs" ? <RunsPage id={id} /> : null}
        {page === "approvals" ? <ApprovalsPage onChange={() => void countApprovals()} /> : null}
        {page === "sessions" ? <SessionsPage enabled={me.features.sessions} /> : null}
        {!PAGES.some(([key]) => key === page) || page === "upstreams" ? <UpstreamsPage /> : null}
      </main>
    </div>
  );
}

render(<App />, document.getElementById("app")!);
