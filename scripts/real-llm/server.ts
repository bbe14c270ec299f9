import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { guardChild } from '../child-guard';
import { freePort } from '../free-port';

const ROOT = join(__dirname, '..', '..');
/** Where scripts/real-llm/setup.sh installs the server and the model. */
export const LLM_DIR = join(ROOT, '.tools', 'llm');
const PYTHON = join(LLM_DIR, 'venv', 'bin', 'python');
/** The name the server answers under (OPENAI_CHAT_MODEL). */
export const MODEL_ALIAS = 'gemma3-270m';
/**
 * llama-cpp-python's own tool-calling prompt format: functions listed in the system message, the
 * answer constrained by a grammar to `functions.<name>:` + arguments matching the function's JSON
 * Schema, or `message:` + text. It serves tool_choice "auto" (or one named function), not "required".
 */
export const CHAT_FORMAT = 'chatml-function-calling';
const READY_TIMEOUT_MS = 120_000;

/** Where setup joins the model's chunks. */
export const MODEL_PATH = join(LLM_DIR, 'models', 'gemma-3-270m-q4_k_m.gguf');

/** The .gguf of an installed setup, or null when setup has not installed both server and model. */
export function installedModel(): string | null {
  if (!existsSync(PYTHON) || !existsSync(MODEL_PATH)) return null;
  const probe = spawnSync(PYTHON, ['-c', 'import llama_cpp.server'], { stdio: 'ignore' });
  return probe.status === 0 ? MODEL_PATH : null;
}

/** Runs scripts/real-llm/setup.sh (idempotent; its progress goes to stderr); the model's path. */
export function setupRealLlm(): string {
  const result = spawnSync('bash', [join(__dirname, 'setup.sh')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`scripts/real-llm/setup.sh failed (exit ${result.status})`);
  const model = result.stdout.trim().split('\n').at(-1) ?? '';
  if (!model.endsWith('.gguf') || !existsSync(model)) throw new Error(`setup gave no model file: "${model}"`);
  return model;
}

export interface LlamaServer {
  /** The OpenAI-compatible base URL (…/v1). */
  baseUrl: string;
  pid: number;
  readyMs: number;
  modelMb: number;
  /** Resident memory now and at its peak, in MB (Linux /proc). */
  memory(): { rssMb: number; peakMb: number } | null;
  stop(): Promise<void>;
}

/**
 * Starts `python -m llama_cpp.server` on a free port of 127.0.0.1 with the model, one thread and the
 * tool-calling chat format, its output in .tools/llm/server.log; resolves when /v1/models answers.
 */
export async function startLlamaServer(model: string): Promise<LlamaServer> {
  const port = await freePort();
  const started = Date.now();
  const log = createWriteStream(join(LLM_DIR, 'server.log'));
  const child = spawn(
    PYTHON,
    [
      '-m',
      'llama_cpp.server',
      '--model',
      model,
      '--model_alias',
      MODEL_ALIAS,
      '--chat_format',
      CHAT_FORMAT,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--n_ctx',
      '2048',
      // One thread: on a shared 2-core machine two threads spin-wait for each other (10x slower).
      '--n_threads',
      '1',
      '--n_threads_batch',
      '1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  guardChild(child);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    log.end();
  };
  let dead = false;
  void exited.then(() => (dead = true));
  while (!(await answers(`${baseUrl}/models`))) {
    if (dead || Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`llama_cpp.server did not start (see ${join(LLM_DIR, 'server.log')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    readyMs: Date.now() - started,
    modelMb: statSync(model).size / 1e6,
    memory: () => processMemory(child.pid!),
    stop,
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function processMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}
