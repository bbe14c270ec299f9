/**
 * The builder's undo history: snapshots of the document, the newest last. Each edit pushes one; a run of
 * edits to the same place (typing in one field) within a moment becomes one step, so Ctrl+Z undoes the
 * word, not the letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Where and when the present was last changed, for merging a run of edits. */
  last: { place: string; at: number } | null;
}

/** How many steps back the builder keeps. */
export const HISTORY_LIMIT = 100;
/** Edits to one place closer together than this are one step. */
export const MERGE_WINDOW_MS = 1000;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], last: null });

/**
 * Records `next` as the present. `place` names what changed (`null`: a structural edit, never merged);
 * an edit to the same place as the last one, soon after it, replaces the present instead of adding a step.
 */
export function record<T>(history: History<T>, next: T, place: string | null, at: number): History<T> {
  const merge =
    place !== null &&
    history.last !== null &&
    history.last.place === place &&
    at - history.last.at < MERGE_WINDOW_MS &&
    history.past.length > 0;
  return {
    past: merge ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    last: place === null ? null : { place, at },
  };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history;
  return {
    past: history.past.slice(0, -1),
    present: history.past[history.past.length - 1],
    future: [history.present, ...history.future],
    last: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history;
  return {
    past: [...history.past, history.present],
    present: history.future[0],
    future: history.future.slice(1),
    last: null,
  };
}
