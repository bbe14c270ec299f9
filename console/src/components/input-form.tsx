import type { AppParameter } from '../lib/types';
import { UploadDrop } from './upload-drop';

const isUrl = (v: string) => /^https?:\/\/\S+$/i.test(v.trim());

/**
 * The input form of an app, generated from its parameters: options as selects, url parameters as URL
 * fields with a preview of the media, text as text areas. Values are keyed by parameter key.
 */
export function InputForm({
  parameters,
  values,
  onChange,
  errors,
}: {
  parameters: AppParameter[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors: Record<string, string>;
}) {
  if (parameters.length === 0) return <p className="muted">This app takes no inputs.</p>;
  return (
    <div className="input-form">
      {parameters.map((p) => {
        const id = `input-${p.key}`;
        const value = values[p.key] ?? '';
        const optional = p.default !== undefined;
        const error = errors[p.key] ?? errors[p.name];
        const hintId = p.description ? `${id}-hint` : undefined;
        const errorId = error ? `${id}-error` : undefined;
        const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
        const set = (v: string) => onChange({ ...values, [p.key]: v });
        const label = (
          <label htmlFor={id}>
            {p.name}
            {optional ? <span className="muted"> (optional)</span> : <span aria-hidden="true"> *</span>}
          </label>
        );
        let control;
        if (p.type === 'options') {
          control = (
            <select
              id={id}
              value={value}
              onChange={(e) => set(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={Boolean(error)}
            >
              {!optional && value === '' ? <option value="">Choose…</option> : null}
              {(p.options ?? []).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          );
        } else if (p.type === 'url') {
          control = (
            <>
              <input
                id={id}
                type="url"
                inputMode="url"
                placeholder="https://…"
                value={value}
                onChange={(e) => set(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={Boolean(error)}
              />
              <UploadDrop
                id={id}
                label={p.name}
                accept={p.accept ?? ['image']}
                onUploaded={(url) => set(p.multiple && value.trim() ? `${value.trim()} ${url}` : url)}
              />
              {isUrl(value) ? (
                <UrlPreview url={value.trim()} accept={p.accept ?? ['image']} label={p.name} />
              ) : null}
            </>
          );
        } else {
          control = (
            <textarea
              id={id}
              rows={2}
              value={value}
              placeholder={typeof p.default === 'string' ? p.default : ''}
              onChange={(e) => set(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={Boolean(error)}
            />
          );
        }
        return (
          <div key={p.key} className={`field${error ? ' field-invalid' : ''}`}>
            {label}
            {control}
            {p.description ? (
              <p className="hint" id={hintId}>
                {p.description}
                {p.type === 'url' && p.accept ? ` Accepts: ${p.accept.join(', ')}.` : ''}
              </p>
            ) : null}
            {error ? (
              <p className="field-error" id={errorId} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function UrlPreview({ url, accept, label }: { url: string; accept: string[]; label: string }) {
  const looksVideo =
    /\.(mp4|webm|mov|m4v)(\?|$)/i.test(url) || (accept.length === 1 && accept[0] === 'video');
  const looksAudio =
    /\.(mp3|wav|m4a|ogg|aac)(\?|$)/i.test(url) || (accept.length === 1 && accept[0] === 'audio');
  return (
    <figure className="url-preview">
      {looksVideo ? (
        <video src={url} controls muted preload="metadata" aria-label={`Preview of ${label}`} />
      ) : looksAudio ? (
        <audio src={url} controls preload="metadata" aria-label={`Preview of ${label}`} />
      ) : (
        <img src={url} alt={`Preview of ${label}`} />
      )}
      <figcaption className="muted">Preview</figcaption>
    </figure>
  );
}

/** Inputs as the API takes them: empty optional fields are left out so their defaults apply. */
export function inputsFor(
  parameters: AppParameter[],
  values: Record<string, string>,
): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const p of parameters) {
    const v = values[p.key];
    if (v === undefined || v === '') continue;
    inputs[p.key] = p.multiple && p.type === 'url' ? v.split(/\s+/).filter(Boolean) : v;
  }
  return inputs;
}

/** Starting values: each parameter's default, as text. */
/** A run's inputs as the form holds them (lists of URLs one per space). */
export function formValues(inputs: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([key, v]) => [key, Array.isArray(v) ? v.join(' ') : String(v ?? '')]),
  );
}

export function defaultValues(parameters: AppParameter[]): Record<string, string> {
  return Object.fromEntries(parameters.map((p) => [p.key, p.default === undefined ? '' : String(p.default)]));
}
