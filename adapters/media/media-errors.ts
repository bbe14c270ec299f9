import { FailureType } from '../../core/run/failure-types';

/**
 * Errors of the local media tools, split by who caused them. Activities check them by `name`
 * (never instanceof): a MediaInputError is the caller's fault and not retryable; a MediaToolError
 * (ffmpeg or espeak-ng failed on good input) is retryable.
 */
export class MediaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = FailureType.MediaInputError;
  }
}

export class MediaToolError extends Error {
  readonly stderrTail: string;

  constructor(message: string, stderrTail = '') {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'MediaToolError';
    this.stderrTail = stderrTail;
  }
}

export function abortError(): Error {
  const err = new Error('media job aborted');
  err.name = 'AbortError';
  return err;
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError();
}

const TAIL_LINES = 12;
const TAIL_CHARS = 1500;
const PROGRESS_LINE = /^(frame|size)=/;

/** The last meaningful stderr lines of a tool, short enough for an error message. */
export function stderrTail(stderr: string): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line && !PROGRESS_LINE.test(line));
  return lines.slice(-TAIL_LINES).join('\n').slice(-TAIL_CHARS);
}
