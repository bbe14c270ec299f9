import type { ChildProcess } from 'node:child_process';

/**
 * Ends tracked child processes when this process exits or is told to stop, so a dev server never
 * outlives its parent. One set of handlers is installed while at least one child is alive and
 * removed after the last one exits, so repeated starts do not pile up listeners.
 */
const children = new Set<ChildProcess>();
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

export function guardChild(child: ChildProcess): void {
  if (children.size === 0) install();
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    if (children.size === 0) uninstall();
  });
}

export function guardedChildCount(): number {
  return children.size;
}

function killAll(): void {
  for (const child of children) child.kill('SIGTERM');
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  uninstall();
  // Our listener suppressed Node's default action; if nobody else handles the signal, die by it as usual.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

const signalHandlers = new Map(STOP_SIGNALS.map((signal) => [signal, () => onSignal(signal)]));

function install(): void {
  process.on('exit', killAll);
  // First in line, so a `process.once` handler of the app still counts as "someone else handles it".
  for (const [signal, handler] of signalHandlers) process.prependListener(signal, handler);
}

function uninstall(): void {
  process.off('exit', killAll);
  for (const [signal, handler] of signalHandlers) process.off(signal, handler);
}
