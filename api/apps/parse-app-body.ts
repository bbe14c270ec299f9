import type { z } from 'zod';
import { locateGraphIssue } from '../../core/app/locate-graph-issue';
import { isAtelierError, validationError } from '../../core/errors';
import { parseWith } from '../validate';

/** parseWith for an app body: each problem inside the graph also names its node or edge. */
export function parseAppBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  try {
    return parseWith(schema, body);
  } catch (err) {
    if (!isAtelierError(err) || !err.details) throw err;
    const graph = (body as { graph?: unknown } | undefined)?.graph;
    const details = err.details.map((d) => ({ ...d, ...locateGraphIssue(graph, d.param ?? '', d.message) }));
    throw validationError(details, err.message);
  }
}
