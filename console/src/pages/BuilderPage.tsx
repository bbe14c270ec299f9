import {
  applyNodeChanges,
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { ApiError, errorText, getData } from '../lib/api';
import { BASE, Link, useLeaveGuard, useLocation } from '../lib/router';
import { useLoad, useSession } from '../lib/session-context';
import type { AppCheck, AppDefinition, GraphNode, NodeType, ValidationDetail } from '../lib/types';
import { layout, NODE_TYPES, type FlowNode } from '../components/flow';
import { ErrorBanner, Loading, PageHeader } from '../components/ui';
import { copyNodes, pasteClip, type Clip } from '../builder/clipboard';
import { canRedo, canUndo, record, redo, startHistory, undo, type History } from '../builder/history';
import { describeProblem, saveErrorText } from '../builder/messages';
import {
  addEdge,
  draftBody,
  editPlace,
  emptyDraft,
  isDangling,
  newNode,
  removeNode,
  renameNode,
  sortProblems,
  type Draft,
} from '../builder/model';
import { freeSpot, NODE_SIZE, preferredSpot, type Rect } from '../builder/placement';
import { tidyPositions } from '../builder/tidy';
import { Toolbar } from '../builder/Toolbar';
import { NodePanel } from '../builder/NodePanel';
import { DRAG_TYPE, Palette } from '../builder/Palette';
import { ParamsEditor } from '../builder/ParamsEditor';
import { SourcePanel } from '../builder/SourcePanel';

type BuilderData = { type: string; label: string; config: Record<string, unknown> };
type BuilderNode = Node<BuilderData>;
type Tab = 'app' | 'parameters' | 'node' | 'source';
type Check =
  | { state: 'idle'; details: [] }
  | { state: 'checking'; details: ValidationDetail[] }
  | { state: 'valid'; result: AppCheck; details: [] }
  | { state: 'invalid'; details: ValidationDetail[] }
  | { state: 'error'; error: string; details: [] };

/** What Copy took, kept while the console is open so it pastes into another app's builder too. */
let clipboard: Clip | null = null;

const MINIMAP_KEY = 'atelier.builder.minimap';
const LEAVE_MESSAGE = 'This app has changes that are not saved. Leave the builder and lose them?';
const signatureOf = (draft: Draft) => JSON.stringify(draftBody(draft));
/** Keys typed into a field are the field's own (its undo, its copy), not the canvas's. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The visual builder: palette, canvas, a form per node, parameters, live validation by the API, save. */
export function BuilderPage({ appId }: { appId?: string }) {
  return (
    <ReactFlowProvider>
      <Builder appId={appId} />
    </ReactFlowProvider>
  );
}

const toFlowNode = (n: GraphNode, old?: BuilderNode): BuilderNode => ({
  ...(old ?? {}),
  id: n.id,
  type: 'atelier',
  position: n.position ?? old?.position ?? { x: 0, y: 0 },
  data: { type: n.type, label: n.label, config: n.config ?? {} },
});
const toGraphNode = (n: BuilderNode): GraphNode => ({
  id: n.id,
  type: n.data.type,
  label: n.data.label,
  config: n.data.config,
  position: n.position,
});

function Builder({ appId }: { appId?: string }) {
  const { apiKey } = useSession();
  const { search } = useLocation();
  const from = search.get('from');
  const { screenToFlowPosition, fitView, setCenter, getZoom } = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const types = useLoad((key, signal) => getData<NodeType[]>(key, '/node-types', { signal }), []);
  const typeOf = useCallback((t: string) => types.data?.find((x) => x.type === t), [types.data]);

  const [doc, setDoc] = useState<Omit<Draft, 'nodes'>>(() => {
    const { nodes, ...rest } = emptyDraft();
    void nodes;
    return rest;
  });
  const [flowNodes, setFlowNodes] = useState<BuilderNode[]>([]);
  const [selectedEdge, setSelectedEdge] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('app');
  const [editing, setEditing] = useState<{ appId: string; version: number } | null>(null);
  const [loading, setLoading] = useState(Boolean(appId ?? from));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ appId: string; name: string; version: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ state: 'idle', details: [] });
  const [savedSignature, setSavedSignature] = useState(() => signatureOf(emptyDraft()));
  const history = useRef<History<Draft>>(startHistory(emptyDraft()));
  const [, setHistoryShown] = useState(history.current);
  const [canPaste, setCanPaste] = useState(clipboard !== null);
  const [minimap, setMinimap] = useState(() => localStorage.getItem(MINIMAP_KEY) === 'on');

  const draft: Draft = useMemo(() => ({ ...doc, nodes: flowNodes.map(toGraphNode) }), [doc, flowNodes]);
  const replaceDraft = useCallback((next: Draft) => {
    const { nodes, ...rest } = next;
    setDoc(rest);
    setFlowNodes((prev) =>
      nodes.map((n) =>
        toFlowNode(
          n,
          prev.find((p) => p.id === n.id),
        ),
      ),
    );
  }, []);
  const selectNode = useCallback((id: string | null) => {
    setFlowNodes((ns) => ns.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })));
    if (id) setTab('node');
  }, []);

  // Load the app being edited (or duplicated): /builder/:appId, /builder?from=:appId.
  useEffect(() => {
    const sourceId = appId ?? from;
    if (!sourceId) return;
    const controller = new AbortController();
    getData<AppDefinition>(apiKey, `/apps/${sourceId}/definition`, { signal: controller.signal })
      .then((def) => {
        const copy = !appId || !def.editable;
        const positions = layout(def.graph.nodes, (id) =>
          def.graph.edges.filter((e) => e.target === id).map((e) => e.source),
        );
        const loaded: Draft = {
          name: copy ? `${def.name} (copy)` : def.name,
          description: def.description ?? '',
          visibility: copy ? 'private' : def.visibility,
          parameters: def.parameters,
          frontmatter: def.frontmatter,
          nodes: def.graph.nodes.map((n) => ({ ...n, position: positions.get(n.id) })),
          edges: def.graph.edges,
        };
        replaceDraft(loaded);
        history.current = startHistory(loaded);
        setHistoryShown(history.current);
        // A copy is new work until saved; an app opened to edit is unchanged until edited.
        if (!copy) setSavedSignature(signatureOf(loaded));
        setEditing(copy ? null : { appId: def.appId, version: def.version });
        if (appId && !def.editable)
          setNotice('You may not change this app: saving makes a copy of your own.');
        else if (copy) setNotice(`A copy of “${def.name}”: saving makes a new app of your own.`);
        setLoading(false);
        requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1 }));
      })
      .catch((err) => {
        if (controller.signal.aborted) return;
        setLoadError(errorText(err));
        setLoading(false);
      });
    return () => controller.abort();
  }, [apiKey, appId, from, replaceDraft, fitView]);

  // Live validation: the API's own compiler checks the document after each change (positions aside).
  const signature = useMemo(() => JSON.stringify(draftBody(draft, false)), [draft]);
  useEffect(() => {
    if (draft.nodes.length === 0) {
      setCheck({ state: 'idle', details: [] });
      return;
    }
    setCheck((c) => ({ state: 'checking', details: c.details ?? [] }) as Check);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getData<AppCheck>(apiKey, '/apps', {
        method: 'POST',
        query: { validateOnly: true },
        body: JSON.parse(signature),
        signal: controller.signal,
      })
        .then((result) => setCheck({ state: 'valid', result, details: [] }))
        .catch((err) => {
          if (controller.signal.aborted) return;
          if (err instanceof ApiError && err.status === 400)
            setCheck({
              state: 'invalid',
              details: err.details.length
                ? err.details
                : [{ param: null, code: err.code, message: err.message }],
            });
          else setCheck({ state: 'error', error: errorText(err), details: [] });
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, apiKey]);

  // The whole document, positions included: what a save writes and what undo steps through.
  const fullSignature = useMemo(() => signatureOf(draft), [draft]);
  const dirty = savedSignature !== fullSignature;
  useLeaveGuard(dirty ? LEAVE_MESSAGE : null);

  // Every edit is a step of the history, once it has settled: a drag when the node is let go.
  const dragging = flowNodes.some((n) => n.dragging);
  useEffect(() => {
    if (dragging || signatureOf(history.current.present) === fullSignature) return;
    history.current = record(history.current, draft, editPlace(history.current.present, draft), Date.now());
    setHistoryShown(history.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullSignature, dragging]);
  // A message about the last save is about a document that has changed since: it goes.
  useEffect(() => {
    setSaveError(null);
    setSaved(null);
  }, [fullSignature]);

  const problems = useMemo(() => sortProblems(check.details, draft), [check.details, draft]);
  const warnings = useMemo(() => (check.state === 'valid' ? check.result.warnings : []), [check]);
  const selected = flowNodes.find((n) => n.selected)?.id ?? null;
  const selectedNode = draft.nodes.find((n) => n.id === selected);

  const displayNodes: FlowNode[] = useMemo(
    () =>
      flowNodes.map((n) => {
        const t = typeOf(n.data.type);
        const own = problems.byNode.get(n.id) ?? [];
        return {
          ...n,
          type: 'atelier',
          ariaLabel: `${n.data.label} (${n.data.type})${own.length ? `, ${own.length} problem${own.length > 1 ? 's' : ''}` : ''}`,
          data: {
            label: n.data.label,
            type: n.data.type,
            problems: own,
            warnings: warnings.filter((w) => w.nodeIds.includes(n.id)).map((w) => w.message),
            hasInput: (t?.parents.max ?? 1) > 0,
            hasOutput: n.data.type !== 'output',
          },
        };
      }),
    [flowNodes, problems, warnings, typeOf],
  );
  const displayEdges: Edge[] = useMemo(
    () =>
      draft.edges.flatMap((e, i) => {
        if (isDangling(e, draft.nodes)) return [];
        const problem = problems.byEdge.get(i);
        return [
          {
            id: String(i),
            source: e.source,
            target: e.target,
            selected: selectedEdge === i,
            markerEnd: { type: MarkerType.ArrowClosed },
            className: problem ? 'edge-invalid' : undefined,
            label: problem,
            ariaLabel: `Edge from ${e.source} to ${e.target}`,
          },
        ];
      }),
    [draft.edges, draft.nodes, problems, selectedEdge],
  );

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    const removed = changes.filter((c) => c.type === 'remove').map((c) => c.id);
    setFlowNodes((ns) => applyNodeChanges(changes as unknown as NodeChange<BuilderNode>[], ns));
    if (removed.length)
      setDoc((d) => ({
        ...d,
        edges: d.edges.filter((e) => !removed.includes(e.source) && !removed.includes(e.target)),
      }));
    const select = changes.find((c) => c.type === 'select' && c.selected);
    if (select && select.type === 'select') {
      setTab('node');
      setSelectedEdge(null);
    }
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const removed = new Set(changes.filter((c) => c.type === 'remove').map((c) => Number(c.id)));
    if (removed.size) {
      setDoc((d) => ({ ...d, edges: d.edges.filter((_, i) => !removed.has(i)) }));
      setSelectedEdge(null);
    }
    for (const c of changes)
      if (c.type === 'select')
        setSelectedEdge((cur) => (c.selected ? Number(c.id) : cur === Number(c.id) ? null : cur));
  }, []);
  const onConnect = useCallback(
    (c: Connection) => replaceDraft(addEdge(draft, { source: c.source, target: c.target })),
    [draft, replaceDraft],
  );

  /** The part of the graph the canvas shows, in flow coordinates. */
  const viewRect = (): Rect => {
    const box = canvasRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0, width: 800, height: 500 };
    const a = screenToFlowPosition({ x: box.left, y: box.top });
    const b = screenToFlowPosition({ x: box.right, y: box.bottom });
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  };
  const rectOf = (n: BuilderNode): Rect & { id: string } => ({
    id: n.id,
    ...n.position,
    // A node not yet measured, or not yet showing its problems, is given room to grow.
    width: Math.max(n.measured?.width ?? 0, NODE_SIZE.width),
    height: Math.max(n.measured?.height ?? 0, NODE_SIZE.height),
  });
  /** Moves the view to a spot when it is not already in view, keeping the zoom. */
  const reveal = (r: Rect) => {
    const view = viewRect();
    const inView =
      r.x >= view.x &&
      r.y >= view.y &&
      r.x + r.width <= view.x + view.width &&
      r.y + r.height <= view.y + view.height;
    if (!inView) void setCenter(r.x + r.width / 2, r.y + r.height / 2, { zoom: getZoom(), duration: 250 });
  };
  /** Adds nodes (selected, the rest not) and the edges among them, as one step. */
  const insert = (nodes: GraphNode[], edges: Draft['edges']) => {
    setFlowNodes((ns) => [
      ...ns.map((n) => (n.selected ? { ...n, selected: false } : n)),
      ...nodes.map((n) => ({ ...toFlowNode(n), selected: true })),
    ]);
    if (edges.length) setDoc((d) => ({ ...d, edges: [...d.edges, ...edges] }));
    setSelectedEdge(null);
    setTab('node');
  };

  const addNode = (type: NodeType, at?: { x: number; y: number }) => {
    const view = viewRect();
    const anchor = flowNodes.find((n) => n.selected);
    const wanted = at ?? preferredSpot(view, NODE_SIZE, anchor && rectOf(anchor));
    const position = freeSpot(wanted, NODE_SIZE, flowNodes.map(rectOf), view);
    insert([newNode(type, draft.nodes, position)], []);
    reveal({ ...position, ...NODE_SIZE });
  };
  const selectedIds = flowNodes.filter((n) => n.selected).map((n) => n.id);
  const copy = () => {
    const clip = copyNodes(draft.nodes, draft.edges, selectedIds);
    if (!clip) return;
    clipboard = clip;
    setCanPaste(true);
  };
  const pasteFrom = (clip: Clip | null) => {
    if (!clip) return;
    const pasted = pasteClip(clip, draft.nodes, flowNodes.map(rectOf), viewRect());
    insert(pasted.nodes, pasted.edges);
    const first = pasted.nodes[0]?.position;
    if (first) reveal({ ...first, ...NODE_SIZE });
  };
  const duplicate = () => pasteFrom(copyNodes(draft.nodes, draft.edges, selectedIds));
  const deleteSelection = () => {
    let next = draft;
    for (const id of selectedIds) next = removeNode(next, id);
    if (selectedEdge !== null && selectedIds.length === 0)
      next = { ...next, edges: next.edges.filter((_, i) => i !== selectedEdge) };
    replaceDraft(next);
    setSelectedEdge(null);
  };
  const travel = (to: History<Draft>) => {
    if (to === history.current) return;
    history.current = to;
    setHistoryShown(to);
    replaceDraft(to.present);
    setSelectedEdge(null);
  };
  const tidy = () => {
    const positions = tidyPositions(flowNodes.map(rectOf), draft.edges);
    setFlowNodes((ns) => ns.map((n) => ({ ...n, position: positions.get(n.id) ?? n.position })));
    requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1, duration: 250 }));
  };
  const showNode = (id: string) => {
    selectNode(id);
    const node = flowNodes.find((n) => n.id === id);
    if (!node) return;
    const r = rectOf(node);
    void setCenter(r.x + r.width / 2, r.y + r.height / 2, { zoom: Math.max(getZoom(), 0.8), duration: 250 });
  };
  const toggleMinimap = () => {
    localStorage.setItem(MINIMAP_KEY, minimap ? 'off' : 'on');
    setMinimap(!minimap);
  };

  // Ctrl (or Cmd) shortcuts on the canvas; a focused field keeps its own.
  const shortcuts = useRef<(e: KeyboardEvent) => void>(() => undefined);
  shortcuts.current = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || isTyping(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) travel(undo(history.current));
    else if ((key === 'z' && e.shiftKey) || key === 'y') travel(redo(history.current));
    else if (key === 'c' && selectedIds.length) copy();
    else if (key === 'v') pasteFrom(clipboard);
    else if (key === 'd' && selectedIds.length) duplicate();
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => shortcuts.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const t = typeOf(e.dataTransfer.getData(DRAG_TYPE));
    if (t) addNode(t, screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  };

  const save = async (asNew: boolean) => {
    setSaving(true);
    setSaveError(null);
    setSaved(null);
    try {
      const body = draftBody(draft);
      const def =
        editing && !asNew
          ? await getData<AppDefinition>(apiKey, `/apps/${editing.appId}`, {
              method: 'PUT',
              body: { ...body, baseVersion: editing.version },
            })
          : await getData<AppDefinition>(apiKey, '/apps', { method: 'POST', body });
      setEditing({ appId: def.appId, version: def.version });
      setSaved({ appId: def.appId, name: def.name, version: def.version });
      setSavedSignature(fullSignature);
      setNotice(null);
      window.history.replaceState(null, '', `${BASE}/builder/${def.appId}`);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 400 &&
        err.details.some((d) => d.code !== 'stale_version')
      )
        setCheck({ state: 'invalid', details: err.details });
      setSaveError(err instanceof ApiError ? saveErrorText(err, draft.edges) : errorText(err));
    } finally {
      setSaving(false);
    }
  };

  if (loadError) return <ErrorBanner error={loadError} title="The app cannot be opened in the builder" />;
  if (loading || (!types.data && !types.error)) return <Loading label="Opening the builder" />;

  const problemCount = check.details.length;
  const status =
    draft.nodes.length === 0
      ? 'Add a node to start.'
      : check.state === 'checking'
        ? 'Checking…'
        : check.state === 'valid'
          ? `Valid: ${check.result.outputs.map((o) => `${o.label} (${o.type})`).join(', ')} · about ${check.result.estimatedCredits.expected} credits`
          : check.state === 'invalid'
            ? `${problemCount} problem${problemCount === 1 ? '' : 's'}`
            : check.state === 'error'
              ? `Could not check: ${check.error}`
              : '';

  return (
    <section className="builder-page">
      <PageHeader
        title={editing ? `Builder: ${doc.name}` : 'Builder: new app'}
        subtitle={
          editing
            ? `Editing version ${editing.version}; saving writes version ${editing.version + 1}.`
            : 'Draw a graph of nodes, give it parameters, save it as an app.'
        }
      >
        {editing ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save(false)}
            disabled={saving || draft.nodes.length === 0}
          >
            {saving ? 'Saving…' : `Save version ${editing.version + 1}`}
          </button>
        ) : null}
        <button
          type="button"
          className={`btn${editing ? '' : ' btn-primary'}`}
          onClick={() => void save(true)}
          disabled={saving || draft.nodes.length === 0}
        >
          {saving && !editing ? 'Saving…' : 'Save as new app'}
        </button>
      </PageHeader>
      {notice ? <p className="banner banner-info">{notice}</p> : null}
      {saved ? (
        <p className="banner banner-ok" role="status">
          Saved “{saved.name}”, version {saved.version}.{' '}
          <Link to={`/apps/${saved.appId}`}>Open the app to run it</Link>
        </p>
      ) : null}
      <ErrorBanner error={saveError} title="Not saved" />
      <ErrorBanner error={types.error} title="Node types" />

      <div
        className={`check-status check-${check.state}`}
        role="status"
        aria-live="polite"
        data-check={check.state}
      >
        {status}
      </div>
      {problemCount > 0 ? (
        <ul className="problem-list" aria-label="Problems">
          {check.details.map((d, i) => {
            const edge = d.edgeIndex !== undefined ? draft.edges[d.edgeIndex] : undefined;
            return (
              <li key={i}>
                <span>{describeProblem(d, draft.edges)}</span>{' '}
                {d.nodeIds?.length === 1 ? (
                  <button type="button" className="btn btn-small" onClick={() => showNode(d.nodeIds![0])}>
                    Show node {d.nodeIds[0]}
                  </button>
                ) : null}
                {edge && d.edgeIndex !== undefined ? (
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() =>
                      setDoc((cur) => ({ ...cur, edges: cur.edges.filter((_, j) => j !== d.edgeIndex) }))
                    }
                  >
                    Remove edge
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      <Toolbar
        canUndo={canUndo(history.current)}
        canRedo={canRedo(history.current)}
        hasSelection={selectedIds.length > 0}
        canPaste={canPaste}
        canTidy={draft.nodes.length > 1}
        minimap={minimap}
        onUndo={() => travel(undo(history.current))}
        onRedo={() => travel(redo(history.current))}
        onCopy={copy}
        onPaste={() => pasteFrom(clipboard)}
        onDuplicate={duplicate}
        onDelete={deleteSelection}
        onTidy={tidy}
        onToggleMinimap={toggleMinimap}
      />
      <div className="builder">
        <Palette types={types.data ?? []} onAdd={(t) => addNode(t)} />
        <div
          ref={canvasRef}
          className="canvas"
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }}
          onDrop={onDrop}
          role="group"
          aria-label="Canvas: the app's graph. Select a node to edit it; Delete removes the selection."
        >
          <ReactFlow
            nodes={displayNodes}
            edges={displayEdges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={(c) => c.source !== c.target}
            deleteKeyCode={['Backspace', 'Delete']}
            onPaneClick={() => setTab((t) => (t === 'node' ? 'app' : t))}
            defaultViewport={{ x: 24, y: 24, zoom: 0.9 }}
            minZoom={0.2}
          >
            <Background gap={20} />
            <Controls />
            {minimap ? <MiniMap pannable zoomable ariaLabel="Minimap of the graph" /> : null}
          </ReactFlow>
          {draft.nodes.length === 0 ? (
            <p className="canvas-empty">Drag a node from the palette here, or press one to add it.</p>
          ) : null}
        </div>
        <aside className="side-panel" aria-label="Properties">
          <div role="tablist" aria-label="Properties" className="tabs">
            {(
              [
                ['app', 'App'],
                ['parameters', `Parameters (${draft.parameters.length})`],
                ['node', 'Node'],
                ['source', 'JSON'],
              ] as [Tab, string][]
            ).map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`panel-${id}`}
                className={tab === id ? 'active' : ''}
                onClick={() => setTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
            {tab === 'app' ? (
              <div>
                <div className="field">
                  <label htmlFor="app-name">Name</label>
                  <input
                    id="app-name"
                    value={doc.name}
                    maxLength={120}
                    onChange={(e) => setDoc({ ...doc, name: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="app-description">Description</label>
                  <textarea
                    id="app-description"
                    rows={3}
                    maxLength={1000}
                    value={doc.description}
                    onChange={(e) => setDoc({ ...doc, description: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="app-visibility">Visibility</label>
                  <select
                    id="app-visibility"
                    value={doc.visibility}
                    onChange={(e) => setDoc({ ...doc, visibility: e.target.value as Draft['visibility'] })}
                  >
                    <option value="private">private (you and the workspace owners)</option>
                    <option value="shared">shared (your workspace)</option>
                    <option value="public">public (everyone)</option>
                  </select>
                </div>
                {check.state === 'valid' ? (
                  <>
                    <h3>What it makes</h3>
                    <ul className="plain-list">
                      {check.result.outputs.map((o) => (
                        <li key={o.index}>
                          {o.label} <span className="tag">{o.type}</span>
                        </li>
                      ))}
                    </ul>
                    <p className="muted">
                      About {check.result.estimatedCredits.expected} credits a run
                      {check.result.estimatedCredits.max > check.result.estimatedCredits.expected
                        ? ` (up to ${check.result.estimatedCredits.max})`
                        : ''}
                      .
                    </p>
                  </>
                ) : null}
              </div>
            ) : null}
            {tab === 'parameters' ? (
              <ParamsEditor
                parameters={draft.parameters}
                onChange={(parameters) => setDoc({ ...doc, parameters })}
                problems={problems.byParameter}
              />
            ) : null}
            {tab === 'node' ? (
              selectedNode ? (
                <NodePanel
                  key={selectedNode.id}
                  node={selectedNode}
                  type={typeOf(selectedNode.type)}
                  nodes={draft.nodes}
                  edges={draft.edges}
                  parameters={draft.parameters}
                  problems={problems.byNode.get(selectedNode.id) ?? []}
                  fieldProblems={problems.byField.get(selectedNode.id) ?? {}}
                  onChange={(node) =>
                    setFlowNodes((ns) =>
                      ns.map((n) =>
                        n.id === node.id
                          ? { ...n, data: { type: node.type, label: node.label, config: node.config } }
                          : n,
                      ),
                    )
                  }
                  onRename={(to) => {
                    replaceDraft(renameNode(draft, selectedNode.id, to));
                    setFlowNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === to })));
                  }}
                  onConnect={(source) => replaceDraft(addEdge(draft, { source, target: selectedNode.id }))}
                  onDisconnect={(source) =>
                    setDoc((d) => ({
                      ...d,
                      edges: d.edges.filter((e) => !(e.source === source && e.target === selectedNode.id)),
                    }))
                  }
                  onDelete={() => replaceDraft(removeNode(draft, selectedNode.id))}
                />
              ) : (
                <p className="muted">Select a node on the canvas (or add one from the palette) to edit it.</p>
              )
            ) : null}
            {tab === 'source' ? <SourcePanel draft={draft} onApply={replaceDraft} /> : null}
          </div>
        </aside>
      </div>
    </section>
  );
}
