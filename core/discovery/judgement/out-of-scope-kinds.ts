import { z } from 'zod';
import { lexicon } from '../../language/lexicon';

const Kinds = z.array(z.object({ kind: z.string().regex(/^[a-z_]+$/), text: z.string().min(10) })).min(1);

/** Kinds of request no app makes, as sentences the embeddings compare a brief with. */
export const OUT_OF_SCOPE_KINDS = Kinds.parse(lexicon.outOfScopeKinds.kinds.sentences);
