/** Where a run stands; the database and the API share these words. */
export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
/** Which door a run came in by. */
export type RunSource = 'api' | 'content' | 'compose' | 'generate';
export type NodeStatus =
  'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled' | 'awaiting_approval';

export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;
export const isTerminal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);
