import { copyNodes, pasteClip } from '../../console/src/builder/clipboard';
import {
  canRedo,
  canUndo,
  HISTORY_LIMIT,
  record,
  redo,
  startHistory,
  undo,
} from '../../console/src/builder/history';
import { describeProblem, saveErrorText } from '../../console/src/builder/messages';
import { editPlace, emptyDraft, type Draft } from '../../console/src/builder/model';
import { matchesSearch } from '../../console/src/builder/palette-search';
import { freeSpot, NODE_SIZE, preferredSpot, type Rect } from '../../console/src/builder/placement';
import { tidyPositions } from '../../console/src/builder/tidy';
import type { GraphNode, NodeType } from '../../console/src/lib/types';

const node = (
  id: string,
  type: string,
  x: number,
  y: number,
  config: Record<string, unknown> = {},
): GraphNode => ({
  id,
  type,
  label: id,
  config,
  position: { x, y },
});
const box = (x: number, y: number): Rect => ({ x, y, ...NODE_SIZE });
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const VIEW: Rect = { x: 0, y: 0, width: 1000, height: 600 };

describe('undo history', () => {
  test('undo and redo walk the steps; a new edit after an undo drops the redo steps', () => {
    let h = startHistory('a');
    h = record(h, 'b', null, 0);
    h = record(h, 'c', null, 10);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual(['c', true, false]);
    h = undo(h);
    h = undo(h);
    expect([h.present, canUndo(h), canRedo(h)]).toEqual(['a', false, true]);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd', null, 20);
    expect([h.past, h.present, h.future]).toEqual([['a', 'b'], 'd', []]);
  });

  test('edits to one place within a second are one step; another place, a pause or a structural edit is a new step', () => {
    let h = startHistory('');
    h = record(h, 'x', null, 0);
    for (const [text, at] of [
      ['xh', 100],
      ['xhe', 300],
      ['xhel', 900],
    ] as const)
      h = record(h, text, 'node:a', at);
    expect(h.past).toEqual(['', 'x']);
    h = record(h, 'xhel!', 'node:a', 2500);
    h = record(h, 'xhel!?', 'node:b', 2600);
    h = record(h, 'xhel!?.', null, 2700);
    expect(h.past).toEqual(['', 'x', 'xhel', 'xhel!', 'xhel!?']);
    expect(undo(undo(h)).present).toBe('xhel!');
  });

  test(`keeps at most ${HISTORY_LIMIT} steps back`, () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i, null, i * 5000);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });

  test('editPlace names a single form edit and nothing structural', () => {
    const base: Draft = {
      ...emptyDraft(),
      nodes: [node('a', 'text.generate', 0, 0, { prompt: 'x' })],
      edges: [],
    };
    const typed = { ...base, nodes: [{ ...base.nodes[0], config: { prompt: 'xy' } }] };
    expect(editPlace(base, typed)).toBe('node:a');
    expect(editPlace(base, { ...base, name: 'N' })).toBe('name');
    expect(editPlace(base, { ...typed, name: 'N' })).toBeNull();
    expect(editPlace(base, { ...base, nodes: [{ ...base.nodes[0], position: { x: 5, y: 0 } }] })).toBeNull();
    expect(editPlace(base, { ...base, nodes: [] })).toBeNull();
    expect(editPlace(base, { ...base, edges: [{ source: 'a', target: 'b' }] })).toBeNull();
  });
});

describe('placement', () => {
  test('a free spot is the wanted one when clear, else the nearest clear one in view', () => {
    expect(freeSpot({ x: 100, y: 100 }, NODE_SIZE, [], VIEW)).toEqual({ x: 100, y: 100 });
    const taken = [box(100, 100), box(360, 100)];
    const spot = freeSpot({ x: 110, y: 110 }, NODE_SIZE, taken, VIEW);
    for (const t of taken) expect(overlap({ ...spot, ...NODE_SIZE }, t)).toBe(false);
    expect(
      spot.x >= 0 && spot.y >= 0 && spot.x + NODE_SIZE.width <= 1000 && spot.y + NODE_SIZE.height <= 600,
    ).toBe(true);
  });

  test('a full view gives the nearest free spot outside it', () => {
    const small: Rect = { x: 0, y: 0, width: 240, height: 120 };
    const spot = freeSpot({ x: 0, y: 0 }, NODE_SIZE, [box(0, 0)], small);
    expect(overlap({ ...spot, ...NODE_SIZE }, box(0, 0))).toBe(false);
  });

  test('the preferred spot is beside the selected node, else in the middle of the view', () => {
    expect(preferredSpot(VIEW, NODE_SIZE, box(50, 70))).toEqual({ x: 50 + NODE_SIZE.width + 60, y: 70 });
    expect(preferredSpot(VIEW, NODE_SIZE)).toEqual({
      x: 500 - NODE_SIZE.width / 2,
      y: 300 - NODE_SIZE.height / 2,
    });
  });
});

describe('copy and paste', () => {
  const nodes = [
    node('text', 'text.generate', 0, 0, { prompt: 'a poem' }),
    node('image', 'image.generate', 300, 0, { prompt: 'art for {{nodes.text}}' }),
    node('out', 'output', 600, 0, { label: 'Output' }),
  ];
  const edges = [
    { source: 'text', target: 'image' },
    { source: 'image', target: 'out' },
  ];

  test('copy keeps the chosen nodes and only the edges between them', () => {
    expect(copyNodes(nodes, edges, [])).toBeNull();
    const clip = copyNodes(nodes, edges, ['image', 'out'])!;
    expect(clip.nodes.map((n) => n.id)).toEqual(['image', 'out']);
    expect(clip.edges).toEqual([{ source: 'image', target: 'out' }]);
  });

  test('paste gives fresh ids (edges and placeholders follow), unique output labels and a clear spot', () => {
    const clip = copyNodes(nodes, edges, ['text', 'image', 'out'])!;
    const sizes = nodes.map((n) => box(n.position!.x, n.position!.y));
    const pasted = pasteClip(clip, nodes, sizes, { x: -100, y: -100, width: 2000, height: 1200 });
    expect(pasted.nodes.map((n) => n.id)).toEqual(['text_2', 'image_2', 'out_2']);
    expect(pasted.edges).toEqual([
      { source: 'text_2', target: 'image_2' },
      { source: 'image_2', target: 'out_2' },
    ]);
    expect(pasted.nodes[1].config.prompt).toBe('art for {{nodes.text_2}}');
    expect(pasted.nodes[2].config.label).toBe('Output 2');
    for (const n of pasted.nodes)
      for (const s of sizes) expect(overlap({ ...n.position!, ...NODE_SIZE }, s)).toBe(false);
    // The group keeps its shape.
    expect(pasted.nodes[1].position!.x - pasted.nodes[0].position!.x).toBe(300);
    // The clip itself is untouched, so it pastes again.
    expect(clip.nodes[0].id).toBe('text');
  });
});

describe('tidy up', () => {
  test('lays the graph out left to right by depth, no two nodes overlapping', () => {
    const rects = [
      { id: 'out', x: 0, y: 0, ...NODE_SIZE },
      { id: 'a', x: 0, y: 0, ...NODE_SIZE },
      { id: 'b', x: 0, y: 0, ...NODE_SIZE },
      { id: 'c', x: 0, y: 0, ...NODE_SIZE },
    ];
    const positions = tidyPositions(rects, [
      { source: 'a', target: 'b' },
      { source: 'a', target: 'c' },
      { source: 'b', target: 'out' },
      { source: 'c', target: 'out' },
    ]);
    const at = (id: string) => positions.get(id)!;
    expect(at('a').x).toBeLessThan(at('b').x);
    expect(at('b').x).toBe(at('c').x);
    expect(at('c').x).toBeLessThan(at('out').x);
    const placed = rects.map((r) => ({ ...r, ...at(r.id) }));
    for (const p of placed) for (const q of placed) if (p !== q) expect(overlap(p, q)).toBe(false);
  });
});

describe('messages', () => {
  const edges = [{ source: 'image', target: 'ghost' }];

  test('a failed save says what to fix in words, not the compiler text', () => {
    const err = {
      status: 400,
      code: 'VALIDATION_ERROR',
      message:
        'The graph does not compile: graph.nodes[0].config.prompt: Invalid input: expected string, received undefined',
      details: [
        {
          param: 'graph.nodes[0].config.prompt',
          code: 'invalid_graph',
          message: 'graph.nodes[0].config.prompt: Invalid input: expected string, received undefined',
          nodeIds: ['image'],
        },
        {
          param: 'graph.edges[0].target',
          code: 'invalid_graph',
          message: 'graph.edges[0].target: dangling edge: no node "ghost"',
          edgeIndex: 0,
        },
      ],
    };
    expect(saveErrorText(err, edges)).toBe(
      'Fix 2 problems first. Node image: prompt is required (and 1 more, listed above).',
    );
    expect(saveErrorText({ ...err, details: [err.details[1]] }, edges)).toBe(
      'Fix this first: Edge image → ghost: dangling edge: no node "ghost".',
    );
    expect(
      describeProblem(
        {
          param: 'graph.edges',
          code: 'invalid_graph',
          message: 'cycle through nodes a, b',
          nodeIds: ['a', 'b'],
        },
        [],
      ),
    ).toBe('cycle through nodes a, b');
  });

  test('a stale version says to load again; other errors keep the envelope message', () => {
    const stale = {
      status: 400,
      message: 'x',
      details: [
        {
          param: 'baseVersion',
          code: 'stale_version',
          message: 'baseVersion: The app was saved since version 1.',
        },
      ],
    };
    expect(saveErrorText(stale, [])).toBe('The app was saved since version 1.');
    expect(saveErrorText({ status: 403, message: 'You may not change this app' }, [])).toBe(
      'You may not change this app',
    );
  });
});

describe('palette search', () => {
  const type = (t: Partial<NodeType>) =>
    ({
      type: 'image.generate',
      title: 'Generate image',
      description: 'An image from a prompt',
      produces: 'image',
      ...t,
    }) as NodeType;

  test('every word must match, anywhere in title, type or description, in any case', () => {
    expect(matchesSearch(type({}), '')).toBe(true);
    expect(matchesSearch(type({}), 'IMAGE prompt')).toBe(true);
    expect(matchesSearch(type({}), 'prompt image.gen')).toBe(true);
    expect(matchesSearch(type({}), 'image video')).toBe(false);
  });
});
