import type { Logger } from 'pino';
import type { RefinementCandidate } from '../../core/refinement/candidates';
import { readModelRefinement, refinementMessages } from '../../core/refinement/model-refinement';
import type { RefinementSelection } from '../../core/refinement/selection';
import type { ChatCompletion } from '../../adapters/models/openai-chat';

const MODEL_SELECTION_TIMEOUT_MS = 20_000;

/**
 * The chat model's choice of nodes and prompts when one is configured and its answer reads
 * (readModelRefinement); null when there is no model or its answer cannot be used, and then the rules
 * choose (readRefinement). A model that fails or answers something unusable leaves a warning saying why
 * and that the rules chose; the answer as given is logged at debug level.
 */
export async function modelRefinement(
  chat: ChatCompletion | null,
  logger: Logger,
  candidates: RefinementCandidate[],
  feedback: string,
  timeoutMs = MODEL_SELECTION_TIMEOUT_MS,
): Promise<{ selection: RefinementSelection | null; warning?: string }> {
  if (!chat) return { selection: null };
  let why: string;
  try {
    const answer = await chat(refinementMessages(candidates, feedback), { timeoutMs });
    logger.debug({ answer }, 'refinement: the chat model answered');
    const read = readModelRefinement(answer, candidates, feedback);
    if (!('error' in read)) {
      if (read.notes.length > 0)
        logger.debug({ notes: read.notes }, 'refinement: parts of the answer set aside');
      return { selection: read.selection };
    }
    why = `the chat model's answer was not usable (${read.error})`;
  } catch (err) {
    why = `the chat model did not answer (${(err as Error).message})`;
  }
  logger.warn({ why }, 'refinement falls back to the rules');
  return { selection: null, warning: `${why}; the nodes and prompts were chosen by the rules` };
}
