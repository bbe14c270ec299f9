import { useState, type FormEvent } from 'react';
import { errorText, request } from '../lib/api';

/**
 * Sign-in with an API key, checked against /v1/account/usage; kept in this tab's session only. After a
 * key stopped working mid-session (revoked), `endedBecause` is the API's word for it.
 */
export function SignIn({
  onSignedIn,
  endedBecause,
}: {
  onSignedIn: (key: string) => void;
  endedBecause: string | null;
}) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) {
      setError('Enter an API key.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(trimmed, '/account/usage');
      onSignedIn(trimmed);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in" id="main">
      <form
        onSubmit={(e) => void submit(e)}
        className="card sign-in-card"
        aria-labelledby="sign-in-title"
        noValidate
      >
        <h1 id="sign-in-title">
          <img src="/console/favicon.svg" alt="" width={28} height={28} /> Atelier console
        </h1>
        <p className="muted">
          Build apps as graphs, run them and watch them live. Sign in with an API key of your workspace:{' '}
          <code>npm start</code> prints a demo key, <code>npm run cli -- keys create</code> makes one.
        </p>
        {endedBecause ? (
          <p className="banner banner-error" role="alert" data-signed-out>
            You were signed out: {endedBecause.replace(/\.$/, '')}. Sign in with a key that works.
          </p>
        ) : null}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor="api-key">API key</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="atl_…"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-describedby="api-key-hint"
            aria-invalid={Boolean(error)}
            autoFocus
          />
          <p className="hint" id="api-key-hint">
            Kept in this browser tab only (session storage); closing the tab signs you out.
          </p>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
