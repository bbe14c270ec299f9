import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { StatusBadge } from './ui';

/** What an Atelier node shows on the canvas, in the app view, the run view and the builder alike. */
export type FlowNodeData = {
  label: string;
  type: string;
  status?: string;
  detail?: string | null;
  problems?: string[];
  warnings?: string[];
  hasInput: boolean;
  hasOutput: boolean;
};

export type FlowNode = Node<FlowNodeData, 'atelier'>;

export function AtelierNode({ id, data, selected }: NodeProps<FlowNode>) {
  const problems = data.problems ?? [];
  const warnings = data.warnings ?? [];
  const classes = ['flow-node', `type-${data.type.replace('.', '-')}`];
  if (data.status) classes.push(`node-status-${data.status}`);
  if (problems.length) classes.push('flow-node-invalid');
  if (selected) classes.push('flow-node-selected');
  return (
    <div
      className={classes.join(' ')}
      data-node-id={id}
      data-status={data.status ?? ''}
      data-invalid={problems.length > 0}
    >
      {data.hasInput ? (
        <Handle type="target" position={Position.Left} aria-label={`Input of ${data.label}`} />
      ) : null}
      <div className="flow-node-head">
        <span className="flow-node-type">{data.type}</span>
        {data.status ? <StatusBadge status={data.status} /> : null}
      </div>
      <div className="flow-node-label">{data.label}</div>
      <div className="flow-node-id muted">{id}</div>
      {data.detail ? <div className="flow-node-detail">{data.detail}</div> : null}
      {problems.length ? (
        <ul className="flow-node-problems" aria-label={`Problems of ${data.label}`}>
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length ? (
        <ul className="flow-node-warnings">
          {warnings.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
      {data.hasOutput ? (
        <Handle type="source" position={Position.Right} aria-label={`Output of ${data.label}`} />
      ) : null}
    </div>
  );
}

export const NODE_TYPES = { atelier: AtelierNode };

const COLUMN = 270;
const ROW = 150;

/**
 * Positions for nodes that have none: columns by depth (longest path from a source), rows in declaration
 * order within a column. Nodes that carry a position keep it.
 */
export function layout<T extends { id: string; position?: { x: number; y: number } }>(
  nodes: T[],
  parentsOf: (id: string) => string[],
): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>();
  const ids = new Set(nodes.map((n) => n.id));
  const visit = (id: string, seen: Set<string>): number => {
    if (depth.has(id)) return depth.get(id)!;
    if (seen.has(id)) return 0;
    seen.add(id);
    const parents = parentsOf(id).filter((p) => ids.has(p));
    const d = parents.length ? Math.max(...parents.map((p) => visit(p, seen) + 1)) : 0;
    depth.set(id, d);
    return d;
  };
  const rows = new Map<number, number>();
  const positions = new Map<string, { x: number; y: number }>();
  for (const node of nodes) {
    const d = visit(node.id, new Set());
    const row = rows.get(d) ?? 0;
    rows.set(d, row + 1);
    positions.set(node.id, node.position ?? { x: d * COLUMN, y: row * ROW });
  }
  return positions;
}
