import type { RefinementCandidate } from './candidates';
import { rewritePrompt } from './prompt';
import { canApply, type DirectionSupport } from './refinement-report';
import type { RefinementSelection } from './selection';

/**
 * Wording does not decide which node a direction lands on (issue 29 item 6): "make the text serif" names
 * text, but only the picture sets type. When the rules chose nodes whose providers can apply none of the
 * feedback (verified readings only), the other candidates are read too, and those that can apply some of
 * it are chosen instead, each saying why.
 * 1. A model's selection, or one where some chosen node can apply something, is kept as it is.
 * 2. Otherwise every other candidate's provider reads the feedback; those applying something are added.
 * 3. Nothing applicable anywhere: the selection is kept, so its declines are what the answer reports.
 */
export function widenSelection(
  selection: RefinementSelection,
  candidates: RefinementCandidate[],
  feedback: string,
  supportOf: (nodeId: string) => DirectionSupport,
): RefinementSelection {
  if (selection.method !== 'rules') return selection;
  if (selection.choices.some((c) => canApply(supportOf(c.nodeId)))) return selection;
  const chosen = new Set(selection.choices.map((c) => c.nodeId));
  const named = selection.choices
    .map((c) => candidates.find((x) => x.nodeId === c.nodeId)?.label)
    .filter(Boolean)
    .map((l) => `"${l}"`)
    .join(', ');
  const able = candidates.filter((c) => {
    if (chosen.has(c.nodeId)) return false;
    const support = supportOf(c.nodeId);
    return support.verified && support.applied.length > 0;
  });
  if (able.length === 0) return selection;
  return {
    method: 'rules',
    choices: able.map((c) => ({
      nodeId: c.nodeId,
      reason: `the feedback's words pointed at ${named}, which cannot apply it; "${c.label}" can (${supportOf(c.nodeId).applied.join(', ')})`,
      prompt: rewritePrompt(c.prompt, feedback),
    })),
  };
}
