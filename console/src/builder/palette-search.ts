import type { NodeType } from '../lib/types';

/** Whether a node type matches the palette's search: every word of the query, anywhere in its title, type or description. */
export function matchesSearch(type: NodeType, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${type.title} ${type.type} ${type.description} ${type.produces}`.toLowerCase();
  return words.every((w) => text.includes(w));
}
