import { useState } from "preact/hooks";
import { api, type Me } from "./api.js";
import { ErrorNote } from "./ui.js";

/**
 * Signs in with a token the gateway takes. The token goes once to the gateway, which keeps it sealed in an HttpOnly
 * cookie: this page keeps no copy, and no script can read it.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = form.elements.namedItem("token") as HTMLInputElement;
    setBusy(true);
    try {
      const me = await api<Me>("session", { method: "POST", body: { token: field.value } });
      field.value = "";
      onSignedIn(me);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="signin">
      <div class="panel">
        <h1>codemode console</h1>
        <p class="muted">Sign in with a token this gateway takes: a bearer token from its config, or an OAuth access token for it.</p>
        <form onSubmit={(event) => void submit(event)}>
          <label>
            Token
            <input type="password" name="token" autocomplete="off" required />
          </label>
          <ErrorNote message={error} />
          <button class="btn primary" type="submit" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </form>
      </div>
    </div>
  );
}
