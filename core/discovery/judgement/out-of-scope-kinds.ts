import { z } from 'zod';
import kindsFile from './out-of-scope-kinds.json';

const KindsFile = z.object({
  comment: z.string(),
  kinds: z.array(z.object({ kind: z.string().regex(/^[a-z_]+$/), text: z.string().min(10) })).min(1),
});

/** Kinds of request no app makes, as sentences the embeddings compare a brief with. */
export const OUT_OF_SCOPE_KINDS = KindsFile.parse(kindsFile).kinds;
