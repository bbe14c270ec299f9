/** Where new nodes go on the canvas: in view, clear of the others. Flow coordinates throughout. */
export interface Point {
  x: number;
  y: number;
}
export interface Rect extends Point {
  width: number;
  height: number;
}

/**
 * The size a node is taken to have before React Flow has measured it (see .flow-node in styles.css): tall
 * enough for the problems a new node shows once checked, so it does not grow into its neighbour.
 */
export const NODE_SIZE = { width: 230, height: 150 };
/** The clear space kept around a placed node. */
export const GAP = 30;

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width + GAP &&
  b.x < a.x + a.width + GAP &&
  a.y < b.y + b.height + GAP &&
  b.y < a.y + a.height + GAP;

const inside = (r: Rect, view: Rect) =>
  r.x >= view.x &&
  r.y >= view.y &&
  r.x + r.width <= view.x + view.width &&
  r.y + r.height <= view.y + view.height;

/** The grid the search for a free spot walks, and how far out it looks. */
const STEP = 40;
const REACH = 30;

/**
 * The free spot nearest to `wanted` for a node of `size`: spots on a fine grid around `wanted`, nearest
 * first; the first that overlaps no node and lies in `view` wins. When the view is full, the nearest free
 * spot outside it (the caller then moves the view to it).
 */
export function freeSpot(
  wanted: Point,
  size: { width: number; height: number },
  taken: Rect[],
  view: Rect,
): Point {
  const spots: Point[] = [];
  for (let dx = -REACH; dx <= REACH; dx++)
    for (let dy = -REACH; dy <= REACH; dy++) spots.push({ x: wanted.x + dx * STEP, y: wanted.y + dy * STEP });
  spots.sort((a, b) => distance(a, wanted) - distance(b, wanted));
  const free = (p: Point) => !taken.some((t) => overlaps({ ...p, ...size }, t));
  let outside: Point | null = null;
  for (const spot of spots) {
    if (!free(spot)) continue;
    if (inside({ ...spot, ...size }, view)) return spot;
    outside ??= spot;
  }
  return outside ?? wanted;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Where a node added without a drop point should go: beside the anchor (the selected node), else mid-view. */
export function preferredSpot(view: Rect, size: { width: number; height: number }, anchor?: Rect): Point {
  if (anchor) return { x: anchor.x + anchor.width + GAP * 2, y: anchor.y };
  return { x: view.x + view.width / 2 - size.width / 2, y: view.y + view.height / 2 - size.height / 2 };
}
