/** Refinement appends `Revision: <feedback>` to a prompt (core/refinement-prompt.ts). */
const DIRECTION = /[.\s]*\bRevision:\s*([^]*?)(?=[.\s]*\bRevision:|$)/g;

/**
 * Splits a prompt into what to make and how to change it. The local models treat the directions as
 * tone and art direction, never as words to write on the output.
 */
export function splitDirections(prompt: string): { subject: string; directions: string[] } {
  const first = prompt.search(/[.\s]*\bRevision:/);
  if (first < 0) return { subject: prompt, directions: [] };
  const directions = [...prompt.slice(first).matchAll(DIRECTION)]
    .map((m) => m[1].trim().replace(/[.\s]+$/, ''))
    .filter(Boolean);
  return { subject: prompt.slice(0, first).trim(), directions };
}
