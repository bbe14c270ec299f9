import { useState, type ReactNode } from 'react';

const STATUS_TEXT: Record<string, string> = {
  awaiting_approval: 'awaiting approval',
  test: 'sandbox',
};

/** A run or node status as a coloured badge; the word is always there, colour is only a second cue. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{STATUS_TEXT[status] ?? status}</span>;
}

export function ErrorBanner({ error, title }: { error: string | null | undefined; title?: string }) {
  if (!error) return null;
  return (
    <div className="banner banner-error" role="alert">
      {title ? <strong>{title}: </strong> : null}
      {error}
    </div>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}…
    </p>
  );
}

export function PageHeader({
  title,
  children,
  subtitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="muted subtitle">{subtitle}</p> : null}
      </div>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}

/** Copies text to the clipboard, with a fallback for pages without clipboard access. */
export function CopyButton({ text, label = 'Copy URL' }: { text: string; label?: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('copied');
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      setDone(ok ? 'copied' : 'failed');
    }
    setTimeout(() => setDone(null), 2000);
  };
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()} data-copy={text}>
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed' : label}
      <span className="visually-hidden" aria-live="polite">
        {done === 'copied' ? ' — copied to the clipboard' : ''}
      </span>
    </button>
  );
}

export function Field({
  label,
  hint,
  children,
  htmlFor,
  error,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  htmlFor: string;
  error?: string | null;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${htmlFor}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Pager({
  total,
  limit,
  offset,
  onChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
}) {
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="btn btn-small"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages} ({total})
      </span>
      <button
        type="button"
        className="btn btn-small"
        disabled={offset + limit >= total}
        onClick={() => onChange(offset + limit)}
      >
        Next
      </button>
    </nav>
  );
}

/** A table's header row: column names, each a column header for screen readers. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th scope="col" key={c}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
