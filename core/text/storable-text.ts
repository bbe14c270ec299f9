/**
 * What PostgreSQL cannot keep. A `text` column refuses U+0000, and `jsonb` refuses both `\u0000` and a
 * surrogate that is not half of a pair (`\ud800` alone); either reached SQL and answered 500 with
 * `retryable: true` (issue 12 item 5). Every string a caller sends is checked here once, with the depth of
 * the JSON it sits in: a `spec` nested 5000 deep overflowed the stack further on (issue 12 item 6).
 */

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface UnstorableInput {
  /** Where the value sits: object keys and array indexes from the root. */
  path: (string | number)[];
  code: 'invalid_character' | 'too_deep';
  /** Says what was found, without the value (it may be huge, or unprintable). */
  problem: string;
}

/** Why `text` cannot be stored, or null. */
export function unstorableText(text: string): string | null {
  if (text.includes(NUL)) return 'contains U+0000 (NUL), which text cannot carry';
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    return `contains an unpaired surrogate (U+${unit}); send well-formed Unicode`;
  }
  return null;
}

/**
 * The first string (value or object key) that cannot be stored, or the first place nested deeper than
 * `maxDepth`; null when the whole value is fine.
 * 1. Walk the value depth first with an explicit stack, so no input can make the walk itself recurse.
 * 2. A string is checked by unstorableText; an object's keys are checked as its own strings.
 * 3. A container below `maxDepth` levels stops the walk: the caller refuses the value as too deep.
 */
export function findUnstorable(value: unknown, maxDepth: number): UnstorableInput | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unstorableText(current);
      if (problem) return { path, code: 'invalid_character', problem };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth)
      return { path, code: 'too_deep', problem: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (const [key] of entries) {
      const problem = unstorableText(key);
      if (problem) return { path, code: 'invalid_character', problem: `has a key that ${problem}` };
    }
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return null;
}
