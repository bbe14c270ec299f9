import type { NodeType } from '../lib/types';

export const DRAG_TYPE = 'application/x-atelier-node-type';

const GROUPS: { title: string; test: (t: NodeType) => boolean }[] = [
  { title: 'Generate', test: (t) => t.generation },
  { title: 'Edit and compose', test: (t) => !t.generation && t.produces !== 'passthrough' },
  { title: 'Control and outputs', test: (t) => t.produces === 'passthrough' },
];

/**
 * The node palette from GET /v1/node-types. Drag a type onto the canvas, or press its button (keyboard)
 * to add it beside the selected node.
 */
export function Palette({ types, onAdd }: { types: NodeType[]; onAdd: (type: NodeType) => void }) {
  return (
    <nav className="palette" aria-label="Node palette">
      <h2>Nodes</h2>
      <p className="hint">Drag onto the canvas, or press to add.</p>
      {GROUPS.map((group) => (
        <section key={group.title}>
          <h3>{group.title}</h3>
          <ul>
            {types.filter(group.test).map((t) => (
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
