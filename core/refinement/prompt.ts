import { clipToLength } from '../text/graphemes';

export const FEEDBACK_MAX_LENGTH = 2000;
export const PROMPT_MAX_LENGTH = 4000;

/** Feedback text is data, never a template: placeholder braces are removed. */
export const sanitizeFeedback = (feedback: string) =>
  feedback.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();

/**
 * Appends the feedback as a revision directive; a prompt that would grow past the template limit
 * keeps its start and the newest directive.
 */
export function rewritePrompt(prompt: string, feedback: string): string {
  const directive = `. Revision: ${sanitizeFeedback(feedback)}`;
  const base = prompt.trim().replace(/[.\s]+$/, '');
  return `${clipToLength(base, PROMPT_MAX_LENGTH - directive.length)}${directive}`;
}
