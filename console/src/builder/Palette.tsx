import { useState } from 'react';
import type { NodeType } from '../lib/types';
import { matchesSearch } from './palette-search';

export const DRAG_TYPE = 'application/x-atelier-node-type';

const GROUPS: { title: string; test: (t: NodeType) => boolean }[] = [
  { title: 'Generate', test: (t) => t.generation },
  { title: 'Edit and compose', test: (t) => !t.generation && t.produces !== 'passthrough' },
  { title: 'Control and outputs', test: (t) => t.produces === 'passthrough' },
];

/**
 * The node palette from GET /v1/node-types. Drag a type onto the canvas, or press its button (keyboard)
 * to add it beside the selected node (or in the middle of the view). The search box keeps the types whose
 * title, type or description has every word typed; Enter adds the first.
 */
export function Palette({ types, onAdd }: { types: NodeType[]; onAdd: (type: NodeType) => void }) {
  const [query, setQuery] = useState('');
  const found = types.filter((t) => matchesSearch(t, query));
  return (
    <nav className="palette" aria-label="Node palette">
      <h2>Nodes</h2>
      <label htmlFor="palette-search" className="visually-hidden">
        Search nodes
      </label>
      <input
        id="palette-search"
        type="search"
        className="palette-search"
        placeholder="Search nodes"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && found[0]) onAdd(found[0]);
          if (e.key === 'Escape') setQuery('');
        }}
      />
      <p className="hint">Drag onto the canvas, or press to add.</p>
      {found.length === 0 ? <p className="muted">No node matches “{query}”.</p> : null}
      {GROUPS.map((group) => ({ group, items: found.filter(group.test) }))
        .filter(({ items }) => items.length > 0)
        .map(({ group, items }) => (
          <section key={group.title}>
            <h3>{group.title}</h3>
            <ul>
              {items.map((t) => (
                <li key={t.type}>
                  <button
                    type="button"
                    className="palette-item"
                    draggable
                    data-node-type={t.type}
                    onDragStart={(e) => {
                      e.dataTransfer.setData(DRAG_TYPE, t.type);
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onClick={() => onAdd(t)}
                    title={t.description}
                    aria-label={`Add ${t.title} (${t.type}), ${t.credits} credits`}
                  >
                    <span className="palette-title">{t.title}</span>
                    <span className="palette-meta">
                      {t.type} · {t.credits} cr
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </nav>
  );
}
