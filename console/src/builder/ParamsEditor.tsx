import { toKey } from '../lib/format';
import type { AppParameter } from '../lib/types';

const MEDIA = ['image', 'video', 'audio'] as const;

/** The app's input contract: each parameter's name, key, type, options or accepted media, default. */
export function ParamsEditor({
  parameters,
  onChange,
  problems,
}: {
  parameters: AppParameter[];
  onChange: (parameters: AppParameter[]) => void;
  problems: Map<number, string[]>;
}) {
  const update = (i: number, patch: Partial<AppParameter>) => {
    const next = parameters.map((p, j) => (j === i ? tidy({ ...p, ...patch }) : p));
    onChange(next);
  };
  const add = () => {
    const taken = parameters.map((p) => p.key);
    let n = parameters.length + 1;
    while (taken.includes(`input_${n}`)) n++;
    onChange([
      ...parameters,
      { id: `p_input_${n}`, key: `input_${n}`, name: `Input ${n}`, type: 'text', description: '' },
    ]);
  };
  return (
    <div className="params-editor">
      {parameters.length === 0 ? (
        <p className="muted">
          No parameters: the app takes no inputs. Nodes use a parameter as <code>{'{{key}}'}</code>.
        </p>
      ) : null}
      <ol className="param-list">
        {parameters.map((p, i) => {
          const id = `param-${i}`;
          const errs = problems.get(i) ?? [];
          return (
            <li key={i} className={`card param${errs.length ? ' field-invalid' : ''}`}>
              <fieldset>
                <legend>
                  Parameter {i + 1}: <code>{`{{${p.key}}}`}</code>
                </legend>
                <div className="field">
                  <label htmlFor={`${id}-name`}>Name</label>
                  <input
                    id={`${id}-name`}
                    value={p.name}
                    onChange={(e) => {
                      const name = e.target.value;
                      const followKey = p.key === toKey(p.name);
                      update(i, {
                        name,
                        ...(followKey && name ? { key: toKey(name), id: `p_${toKey(name)}` } : {}),
                      });
                    }}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-key`}>Key</label>
                  <input
                    id={`${id}-key`}
                    value={p.key}
                    onChange={(e) => update(i, { key: e.target.value, id: `p_${e.target.value}` })}
                    aria-describedby={`${id}-key-hint`}
                  />
                  <p className="hint" id={`${id}-key-hint`}>
                    snake_case; nodes write <code>{`{{${p.key}}}`}</code>.
                  </p>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-type`}>Type</label>
                  <select
                    id={`${id}-type`}
                    value={p.type}
                    onChange={(e) => update(i, { type: e.target.value as AppParameter['type'] })}
                  >
                    <option value="text">text</option>
                    <option value="options">options</option>
                    <option value="url">url (media)</option>
                  </select>
                </div>
                {p.type === 'options' ? (
                  <div className="field">
                    <label htmlFor={`${id}-options`}>Options (one per line)</label>
                    <textarea
                      id={`${id}-options`}
                      rows={3}
                      value={(p.options ?? []).join('\n')}
                      onChange={(e) =>
                        update(i, {
                          options: e.target.value
                            .split('\n')
                            .map((o) => o.trim())
                            .filter(Boolean),
                        })
                      }
                    />
                  </div>
                ) : null}
                {p.type === 'url' ? (
                  <fieldset className="inline-checks">
                    <legend>Accepts</legend>
                    {MEDIA.map((m) => (
                      <label key={m}>
                        <input
                          type="checkbox"
                          checked={(p.accept ?? []).includes(m)}
                          onChange={(e) =>
                            update(i, {
                              accept: e.target.checked
                                ? [...(p.accept ?? []), m]
                                : (p.accept ?? []).filter((x) => x !== m),
                            })
                          }
                        />{' '}
                        {m}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <div className="field">
                  <label htmlFor={`${id}-default`}>Default (optional)</label>
                  <input
                    id={`${id}-default`}
                    value={p.default === undefined ? '' : String(p.default)}
                    onChange={(e) =>
                      update(i, { default: e.target.value === '' ? undefined : e.target.value })
                    }
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-description`}>Description</label>
                  <input
                    id={`${id}-description`}
                    value={p.description ?? ''}
                    onChange={(e) => update(i, { description: e.target.value })}
                  />
                </div>
                {errs.length ? (
                  <p className="field-error" role="alert">
                    {errs.join('; ')}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  onClick={() => onChange(parameters.filter((_, j) => j !== i))}
                >
                  Remove parameter
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn" onClick={add}>
        Add parameter
      </button>
    </div>
  );
}

/** Drops fields the type does not have, so the API does not refuse them. */
function tidy(p: AppParameter): AppParameter {
  const next: AppParameter = { ...p };
  if (next.type !== 'options') delete next.options;
  else next.options ??= ['Option A'];
  if (next.type !== 'url') delete next.accept;
  else if (!next.accept?.length) next.accept = ['image'];
  if (next.default === undefined) delete next.default;
  return next;
}
