import type { GraphEdge, ValidationDetail } from '../lib/types';
import { bare } from './model';

/** A problem as one line a person reads: `Node image: prompt is required`, `Edge a → b: …`. */
export function describeProblem(detail: ValidationDetail, edges: GraphEdge[]): string {
  const edge = detail.edgeIndex !== undefined ? edges[detail.edgeIndex] : undefined;
  if (edge) return `Edge ${edge.source} → ${edge.target}: ${bare(detail.message)}`;
  if (detail.nodeIds?.length === 1) return `Node ${detail.nodeIds[0]}: ${bare(detail.message)}`;
  return bare(detail.message);
}

/** What a failed save says: the problem in words (from the error envelope), not the raw compiler text. */
export function saveErrorText(
  error: { status?: number; code?: string; message: string; details?: ValidationDetail[] },
  edges: GraphEdge[],
): string {
  const details = error.details ?? [];
  const stale = details.find((d) => d.code === 'stale_version');
  if (stale) return stale.message.replace(/^baseVersion: /, '');
  if (error.status === 400 && details.length > 0) {
    const more = details.length - 1;
    const first = describeProblem(details[0], edges).replace(/\.$/, '');
    return more
      ? `Fix ${details.length} problems first. ${first} (and ${more} more, listed above).`
      : `Fix this first: ${first}.`;
  }
  return error.message;
}
