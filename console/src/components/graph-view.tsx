import {
  applyNodeChanges,
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  type Edge,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { layout, NODE_TYPES, type FlowNode } from './flow';

export interface ViewNode {
  id: string;
  type: string;
  label: string;
  parents: string[];
  position?: { x: number; y: number };
  status?: string;
  detail?: string | null;
}

/** A read-only graph: an app's nodes, or a run's with each node's live state. */
export function GraphView({
  nodes,
  label,
  height = 360,
}: {
  nodes: ViewNode[];
  label: string;
  height?: number;
}) {
  const { flowNodes, flowEdges } = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const positions = layout(nodes, (id) => byId.get(id)?.parents ?? []);
    const children = new Set(nodes.flatMap((n) => n.parents));
    const flowNodes: FlowNode[] = nodes.map((n) => ({
      id: n.id,
      type: 'atelier',
      position: positions.get(n.id)!,
      ariaLabel: `${n.label} (${n.type})${n.status ? `: ${n.status.replace('_', ' ')}` : ''}`,
      data: {
        label: n.label,
        type: n.type,
        status: n.status,
        detail: n.detail,
        hasInput: n.parents.length > 0,
        hasOutput: children.has(n.id),
      },
    }));
    const flowEdges: Edge[] = nodes.flatMap((n) =>
      n.parents.map((p) => ({
        id: `${p}->${n.id}`,
        source: p,
        target: n.id,
        animated: n.status === 'running',
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    );
    return { flowNodes, flowEdges };
  }, [nodes]);
  // React Flow measures nodes once: a new state for a node keeps the measured size of the old one, or
  // the node would stay hidden until its size changed.
  const [shown, setShown] = useState<FlowNode[]>([]);
  useEffect(() => {
    setShown((prev) =>
      flowNodes.map((n) => {
        const old = prev.find((p) => p.id === n.id);
        return old ? { ...old, data: n.data, ariaLabel: n.ariaLabel } : n;
      }),
    );
  }, [flowNodes]);
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => setShown((ns) => applyNodeChanges(changes, ns)),
    [],
  );
  return (
    <div className="graph" style={{ height }} role="group" aria-label={label}>
      <ReactFlow
        nodes={shown}
        edges={flowEdges}
        onNodesChange={onNodesChange}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1.1 }}
        minZoom={0.2}
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
