import type { AppParameter } from '../app/app-definition';
import type { ValidationDetail } from '../errors';
import { TEXT_INPUT_MAX_LENGTH, TEXT_INPUT_MAX_WORD_LENGTH } from '../limits';
import { exceedsGraphemes, longestWordLength, truncateText } from '../text/graphemes';

export interface ResolvedInputs {
  /** Values by parameter key, defaults applied. */
  values: Record<string, unknown>;
  details: ValidationDetail[];
}

/**
 * Matches supplied inputs to an app's parameters and checks their JSON types.
 * 1. Each supplied key is matched to a parameter by `key` first, then by `name`, case-sensitively;
 *    `overrides` are matched the same way and win over `inputs`.
 * 2. Unmatched keys give `unknown_parameter`.
 * 3. Each parameter's value is checked: options against their labels (`invalid_option`), url syntax
 *    (`invalid_media`; reachability is checked later by the caller), JSON types (`invalid_type`), and text
 *    against TEXT_INPUT_MAX_LENGTH (`too_long`) and TEXT_INPUT_MAX_WORD_LENGTH (`word_too_long`).
 * 4. Missing values take the default, or give `missing_no_default`.
 * Every problem is reported, in parameter order after unknown keys.
 */
export function validateInputs(
  parameters: AppParameter[],
  inputs: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): ResolvedInputs {
  const details: ValidationDetail[] = [];
  const supplied = new Map<string, unknown>();
  for (const source of [inputs, overrides]) {
    for (const [name, value] of Object.entries(source)) {
      const parameter = parameters.find((p) => p.key === name) ?? parameters.find((p) => p.name === name);
      if (!parameter) {
        details.push({
          param: name,
          code: 'unknown_parameter',
          message: `"${name}" matches no parameter of this app`,
        });
        continue;
      }
      if (value !== null && value !== undefined) supplied.set(parameter.key, value);
    }
  }
  const values: Record<string, unknown> = {};
  for (const parameter of parameters) {
    if (supplied.has(parameter.key)) {
      const problem = checkValue(parameter, supplied.get(parameter.key));
      if (problem) details.push(problem);
      else values[parameter.key] = normalizeValue(parameter, supplied.get(parameter.key));
    } else if (parameter.default !== undefined) {
      values[parameter.key] = parameter.default;
    } else {
      details.push({
        param: parameter.name,
        code: 'missing_no_default',
        message: `"${parameter.name}" (key "${parameter.key}") has no default and no value was supplied`,
      });
    }
  }
  return { values, details };
}

function checkValue(parameter: AppParameter, value: unknown): ValidationDetail | null {
  const items = parameter.multiple && Array.isArray(value) ? value : [value];
  if (parameter.multiple && Array.isArray(value) && value.length === 0)
    return detail(parameter, 'invalid_type', 'expects at least one value');
  for (const item of items) {
    if (typeof item !== 'string')
      return detail(
        parameter,
        'invalid_type',
        `expects a string${parameter.multiple ? ' or an array of strings' : ''}, got ${jsonType(item)}`,
      );
    if (parameter.type === 'options' && !parameter.options!.includes(item))
      return detail(
        parameter,
        'invalid_option',
        `"${item}" is not allowed; allowed: ${parameter.options!.map((o) => `"${o}"`).join(', ')}`,
      );
    if (parameter.type === 'url' && !isHttpUrl(item))
      return detail(parameter, 'invalid_media', `"${truncate(item)}" is not an http(s) URL`);
    if (parameter.type === 'text') {
      const problem = checkText(parameter, item);
      if (problem) return problem;
    }
  }
  return null;
}

/** Length first: it bounds the cost of finding words. */
function checkText(parameter: AppParameter, text: string): ValidationDetail | null {
  if (exceedsGraphemes(text, TEXT_INPUT_MAX_LENGTH))
    return detail(
      parameter,
      'too_long',
      `is longer than ${TEXT_INPUT_MAX_LENGTH} characters, the limit for text`,
    );
  const longest = longestWordLength(text);
  if (longest > TEXT_INPUT_MAX_WORD_LENGTH)
    return detail(
      parameter,
      'word_too_long',
      `has a word of ${longest} characters; words are limited to ${TEXT_INPUT_MAX_WORD_LENGTH}`,
    );
  return null;
}

function normalizeValue(parameter: AppParameter, value: unknown): unknown {
  return parameter.multiple && !Array.isArray(value) ? [value] : value;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const detail = (p: AppParameter, code: string, message: string): ValidationDetail => ({
  param: p.name,
  code,
  message: `${p.name}: ${message}`,
});

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const truncate = (s: string) => truncateText(s, 80, '...');
