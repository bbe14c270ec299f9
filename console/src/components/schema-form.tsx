import { useRef } from 'react';
import type { JsonSchema } from '../lib/types';

export interface Placeholder {
  token: string;
  label: string;
}

interface Props {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  idPrefix: string;
  /** `{{parameter}}` and `{{nodes.<id>}}` tokens a template field may insert. */
  placeholders: Placeholder[];
  /** Problems the API reported, by config field. */
  problems?: Record<string, string[]>;
}

/**
 * A form generated from a node type's config JSON Schema (GET /v1/node-types): enums as selects,
 * booleans as checkboxes, numbers with their bounds, template strings as text areas with buttons that
 * insert placeholders. An emptied field is removed from the config, so the type's default applies.
 */
export function SchemaForm({ schema, value, onChange, idPrefix, placeholders, problems = {} }: Props) {
  const required = new Set(schema.required ?? []);
  const set = (name: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined || v === '') delete next[name];
    else next[name] = v;
    onChange(next);
  };
  return (
    <div className="schema-form">
      {Object.entries(schema.properties ?? {}).map(([name, prop]) => (
        <SchemaField
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          prop={prop}
          required={required.has(name)}
          value={value[name]}
          onChange={(v) => set(name, v)}
          placeholders={placeholders}
          problems={problems[name] ?? []}
        />
      ))}
    </div>
  );
}

/** "aspectRatio" -> "Aspect ratio". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function SchemaField({
  id,
  name,
  prop,
  required,
  value,
  onChange,
  placeholders,
  problems,
}: {
  id: string;
  name: string;
  prop: JsonSchema;
  required: boolean;
  value: unknown;
  onChange: (v: unknown) => void;
  placeholders: Placeholder[];
  problems: string[];
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const template = prop.format === 'template' || prop.anyOf?.some((a) => a.format === 'template');
  const numeric = prop.type === 'integer' || prop.type === 'number';
  const defaultText = prop.default !== undefined ? `default ${JSON.stringify(prop.default)}` : undefined;
  const bounds =
    prop.minimum !== undefined || prop.maximum !== undefined
      ? `${prop.minimum ?? '…'} to ${prop.maximum ?? '…'}`
      : undefined;
  const hint = [prop.description, bounds, defaultText].filter(Boolean).join(' · ');
  const describedBy =
    [hint ? `${id}-hint` : '', problems.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {humanize(name)}
      {required ? <span aria-hidden="true"> *</span> : null}
      {required ? <span className="visually-hidden"> (required)</span> : null}
    </>
  );

  let control;
  if (prop.enum) {
    control = (
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value || undefined)}
        aria-describedby={describedBy}
      >
        {!required ? (
          <option value="">
            {prop.default !== undefined ? `(default: ${String(prop.default)})` : '(none)'}
          </option>
        ) : null}
        {prop.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (prop.type === 'boolean') {
    const checked = value === undefined ? Boolean(prop.default) : Boolean(value);
    return (
      <div className="field field-checkbox">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  } else if (numeric) {
    control = (
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={prop.type === 'integer' ? 1 : 'any'}
        min={prop.minimum}
        max={prop.maximum}
        placeholder={prop.default !== undefined ? String(prop.default) : ''}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        aria-describedby={describedBy}
      />
    );
  } else if (template) {
    const numberOrText = Boolean(prop.anyOf);
    const insert = (token: string) => {
      const el = area.current;
      const text = value === undefined ? '' : String(value);
      const at = el ? el.selectionStart : text.length;
      onChange(text.slice(0, at) + token + text.slice(el ? el.selectionEnd : text.length));
      requestAnimationFrame(() => el?.focus());
    };
    control = (
      <>
        <textarea
          id={id}
          ref={area}
          rows={name === 'prompt' || name === 'text' || name === 'system' ? 3 : 1}
          placeholder={prop.default !== undefined ? String(prop.default) : ''}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => {
            const text = e.target.value;
            onChange(numberOrText && /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text || undefined);
          }}
          aria-describedby={describedBy}
        />
        {placeholders.length ? (
          <div className="placeholder-chips" role="group" aria-label={`Insert into ${humanize(name)}`}>
            {placeholders.map((p) => (
              <button
                type="button"
                key={p.token}
                className="chip"
                onClick={() => insert(p.token)}
                title={`Insert ${p.token}`}
              >
                {p.label}
              </button>
            ))}
          </div>
        ) : null}
      </>
    );
  } else {
    control = (
      <input
        id={id}
        type="text"
        placeholder={prop.default !== undefined ? String(prop.default) : ''}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value || undefined)}
        aria-describedby={describedBy}
      />
    );
  }
  return (
    <div className={`field${problems.length ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problems.length ? (
        <p className="field-error" id={`${id}-error`}>
          {problems.join('; ')}
        </p>
      ) : null}
    </div>
  );
}
