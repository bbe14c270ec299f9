import { useEffect, useState } from 'react';
import { draftBody, type Draft } from './model';

/**
 * The app as JSON (parameters and graph), editable: paste a graph from the API or from a file, fix a
 * typo by hand. Applying replaces the builder's document; the API's validation runs on it as on any change.
 */
export function SourcePanel({ draft, onApply }: { draft: Draft; onApply: (draft: Draft) => void }) {
  const current = JSON.stringify({ parameters: draft.parameters, graph: draftBody(draft).graph }, null, 2);
  const [text, setText] = useState(current);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) setText(current);
  }, [current, dirty]);
  const apply = () => {
    try {
      const parsed = JSON.parse(text) as {
        parameters?: unknown;
        graph?: { nodes?: unknown; edges?: unknown };
      };
      if (!parsed.graph || !Array.isArray(parsed.graph.nodes) || !Array.isArray(parsed.graph.edges))
        throw new Error('Expected {"parameters": [...], "graph": {"nodes": [...], "edges": [...]}}');
      onApply({
        ...draft,
        parameters: Array.isArray(parsed.parameters)
          ? (parsed.parameters as Draft['parameters'])
          : draft.parameters,
        nodes: (parsed.graph.nodes as Draft['nodes']).map((n) => ({ ...n, config: n.config ?? {} })),
        edges: parsed.graph.edges as Draft['edges'],
      });
      setDirty(false);
      setError(null);
    } catch (err) {
      setError(`Not applied: ${(err as Error).message}`);
    }
  };
  return (
    <div className="source-panel">
      <div className="field">
        <label htmlFor="source-json">Parameters and graph (JSON)</label>
        <textarea
          id="source-json"
          className="code"
          rows={22}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setDirty(true);
          }}
        />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={apply} disabled={!dirty}>
          Apply JSON
        </button>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            setText(current);
            setDirty(false);
            setError(null);
          }}
        >
          Discard changes
        </button>
      </div>
    </div>
  );
}
