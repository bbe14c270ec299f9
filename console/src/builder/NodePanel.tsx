import { useEffect, useState } from 'react';
import type { AppParameter, GraphEdge, GraphNode, NodeType } from '../lib/types';
import { SchemaForm, type Placeholder } from '../components/schema-form';

const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The selected node: its id and label, its config as a form generated from the type's JSON Schema, and
 * its inputs (edges), which can be added and removed here without a mouse.
 */
export function NodePanel({
  node,
  type,
  nodes,
  edges,
  parameters,
  problems,
  fieldProblems,
  onChange,
  onRename,
  onConnect,
  onDisconnect,
  onDelete,
}: {
  node: GraphNode;
  type: NodeType | undefined;
  nodes: GraphNode[];
  edges: GraphEdge[];
  parameters: AppParameter[];
  problems: string[];
  fieldProblems: Record<string, string[]>;
  onChange: (node: GraphNode) => void;
  onRename: (to: string) => void;
  onConnect: (source: string) => void;
  onDisconnect: (source: string) => void;
  onDelete: () => void;
}) {
  const [id, setId] = useState(node.id);
  useEffect(() => setId(node.id), [node.id]);
  const idError =
    id === node.id
      ? null
      : !ID_PATTERN.test(id)
        ? 'Letters, digits, _ and -; starting with a letter.'
        : nodes.some((n) => n.id === id)
          ? 'Another node has this id.'
          : null;
  const parents = edges.filter((e) => e.target === node.id).map((e) => e.source);
  const candidates = nodes.filter((n) => n.id !== node.id && !parents.includes(n.id));
  const placeholders: Placeholder[] = [
    ...parameters.map((p) => ({ token: `{{${p.key}}}`, label: `{{${p.key}}}` })),
    ...parents.map((p) => ({ token: `{{nodes.${p}}}`, label: `{{nodes.${p}}}` })),
  ];
  const commitId = () => {
    if (id !== node.id && !idError) onRename(id);
  };
  return (
    <div className="node-panel">
      <h2>
        {type?.title ?? node.type} <code className="muted">{node.type}</code>
      </h2>
      {type ? <p className="hint">{type.description}</p> : <p className="field-error">Unknown node type.</p>}
      {problems.length ? (
        <ul className="problems" aria-label="Problems of this node">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className={`field${idError ? ' field-invalid' : ''}`}>
        <label htmlFor="node-id">Node id</label>
        <input
          id="node-id"
          value={id}
          onChange={(e) => setId(e.target.value)}
          onBlur={commitId}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitId();
          }}
          aria-describedby="node-id-hint"
        />
        <p className="hint" id="node-id-hint">
          Edges and <code>{'{{nodes.<id>}}'}</code> placeholders follow a rename.
        </p>
        {idError ? <p className="field-error">{idError}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="node-label">Label</label>
        <input
          id="node-label"
          value={node.label}
          onChange={(e) => onChange({ ...node, label: e.target.value })}
        />
      </div>
      {type ? (
        <fieldset>
          <legend>Configuration</legend>
          <SchemaForm
            schema={type.configSchema}
            value={node.config}
            onChange={(config) => onChange({ ...node, config })}
            idPrefix={`config-${node.id}`}
            placeholders={placeholders}
            problems={fieldProblems}
          />
        </fieldset>
      ) : null}
      <fieldset>
        <legend>
          Inputs
          {type
            ? ` (${type.parents.min === type.parents.max ? type.parents.min : `${type.parents.min} to ${type.parents.max}`})`
            : ''}
        </legend>
        {parents.length === 0 ? <p className="muted">No input.</p> : null}
        <ul className="plain-list">
          {parents.map((p) => (
            <li key={p}>
              <code>{p}</code>{' '}
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onDisconnect(p)}
                aria-label={`Remove the input from ${p}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {candidates.length ? (
          <div className="field inline-field">
            <label htmlFor="node-add-input">Add an input from</label>
            <select
              id="node-add-input"
              value=""
              onChange={(e) => {
                if (e.target.value) onConnect(e.target.value);
              }}
            >
              <option value="">Choose a node…</option>
              {candidates.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.label} ({n.id})
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>
      <button type="button" className="btn btn-danger" onClick={onDelete}>
        Delete node
      </button>
    </div>
  );
}
