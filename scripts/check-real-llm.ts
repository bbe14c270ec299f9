import pino from 'pino';
import { loadCatalogApps } from '../adapters/catalog';
import { createModels } from '../adapters/models';
import { readRefinement } from '../adapters/models/direction-support';
import { modelRefinement } from '../api/commands/model-refinement';
import type { AppDefinition } from '../core/app/app-definition';
import { compileApp } from '../core/app/compiled-app';
import { templateRefs } from '../core/graph/template';
import { refinementCandidates } from '../core/refinement/candidates';
import { validateInputs } from '../core/run/validate-inputs';
import { startApiStack, type ApiStack } from './dev-stack/stack';
import { serveSandbox } from './dev-stack/sandbox-client';
import {
  CHAT_FORMAT,
  MODEL_ALIAS,
  setupRealLlm,
  startLlamaServer,
  type LlamaServer,
} from './real-llm/server';

/**
 * npm run check:real-llm: the chat-model paths (TEXT_PROVIDER=openai) against a real
 * OpenAI-compatible server on this machine, llama-cpp-python's server with gemma-3 270M
 * (scripts/real-llm/setup.sh installs both into .tools/llm/).
 * (a) the router: briefs through POST /v1/content/create (headless, sandbox: nothing runs) and
 *     /v1/content/plan of the real API in-process; (b) the refinement reader (modelRefinement, then readRefinement) on
 *     feedback for a catalog app; (c) the text model text.generate uses.
 * Prints what the model answered, whether it was used or the rules took over and with which warning.
 * Exit 0 when every path used a validated model answer or fell back with a warning; 1 when an
 * answer went on unvalidated (or without its warning) or a path failed.
 */

const BRIEFS = [
  'Short vertical ad for the Kite running jacket, neon palette',
  'A quote card: "Simplicity is the ultimate sophistication" by Leonardo da Vinci',
  'Hero image and alt text for our blog post "Ten ways to cut cloud costs"',
  'Write a Python script that renames my holiday photos by date',
];
const REFINED_APP = 'Social Post Image with Caption';
const FEEDBACKS = [
  'fewer hashtags in the caption',
  'make the picture darker and moodier',
  'mention the price: $4.50',
];
const TEXT_PROMPT = 'A launch caption for the Kite running jacket, light and waterproof';

interface Problem {
  path: string;
  what: string;
}
const problems: Problem[] = [];
const logs: Record<string, unknown>[] = [];
const say = (line = '') => process.stdout.write(`${line}\n`);
const clip = (text: string, max = 220) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};
const mb = (n: number) => `${Math.round(n)} MB`;

async function main(): Promise<number> {
  say('real-llm: setup (scripts/real-llm/setup.sh)');
  const model = setupRealLlm();
  const server = await startLlamaServer(model);
  let stack: ApiStack | null = null;
  try {
    say(
      `real-llm: llama_cpp.server on ${server.baseUrl}, model ${model.split('/').at(-1)} (${mb(server.modelMb)}), ` +
        `chat format ${CHAT_FORMAT}, ready in ${(server.readyMs / 1000).toFixed(1)} s, RSS ${memoryLine(server)}`,
    );
    const config = {
      TEXT_PROVIDER: 'openai',
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_CHAT_MODEL: MODEL_ALIAS,
      OPENAI_TOOL_CHOICE: 'auto',
      // Grammar-constrained sampling over gemma's 262k-token vocabulary takes 30-60 s a call here.
      CHAT_MODEL_TIMEOUT_SECONDS: '180',
    };
    say(
      `real-llm: ${Object.entries(config)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    stack = await startApiStack({ temporalAddress: '127.0.0.1:1', database: 'pglite', config, logger });
    await checkRouter(stack);
    await checkRefinement(stack);
    await checkText(stack);
    say();
    say(`real-llm: server RSS after the checks ${memoryLine(server)}`);
  } catch (err) {
    problems.push({ path: 'check', what: `crashed: ${(err as Error).stack ?? String(err)}` });
  } finally {
    await stack?.close();
    await server.stop();
  }
  say();
  if (problems.length === 0) {
    say('real-llm: OK: every path used a validated model answer or fell back to the rules with a warning');
    return 0;
  }
  for (const p of problems) say(`real-llm: FAIL ${p.path}: ${p.what}`);
  return 1;
}

function memoryLine(server: LlamaServer): string {
  const m = server.memory();
  return m ? `${mb(m.rssMb)} (peak ${mb(m.peakMb)})` : 'unknown';
}

/** Log entries written since `from` whose message starts with `prefix`. */
const logged = (from: number, prefix: string) =>
  logs.slice(from).filter((l) => typeof l.msg === 'string' && l.msg.startsWith(prefix));

async function checkRouter(stack: ApiStack): Promise<void> {
  say();
  say('(a) the router: POST /v1/content/create (headless, sandbox) and /v1/content/plan');
  const client = await serveSandbox(stack);
  const post = async (path: string, body: unknown) => {
    const { status, json } = await client.post(path, body);
    return { status, body: json as { data?: Record<string, unknown> } };
  };
  const apps = new Map(loadCatalogApps().map((a) => [a.appId, a]));
  try {
    for (const brief of BRIEFS) {
      say();
      say(`  brief: ${brief}`);
      const from = logs.length;
      const started = Date.now();
      const created = await post('/v1/content/create', { brief, headless: true });
      const ms = Date.now() - started;
      const call = logged(from, 'content/create: the chat model called')[0];
      const asked = Boolean(call) || logged(from, 'content/create falls back').length > 0;
      say(
        call
          ? `    model called (${(ms / 1000).toFixed(1)} s): ${call.tool} ${clip(String(call.arguments))}`
          : `    model made no usable call (${(ms / 1000).toFixed(1)} s)`,
      );
      judgeCreate(brief, created, apps, asked);
      if (brief !== BRIEFS[0]) continue;
      // The plan endpoint is the same router: a usable answer comes from its cache, else it asks again.
      const planned = await post('/v1/content/plan', { brief });
      say(`    plan (interactive): ${describeAnswer(planned)}`);
      if (planned.status >= 300) problems.push({ path: `plan "${brief}"`, what: `HTTP ${planned.status}` });
    }
  } finally {
    await client.close();
  }
}

function describeAnswer(answer: { status: number; body: { data?: Record<string, unknown> } }): string {
  const data = answer.body.data ?? {};
  const app = (data.selectedApp as { name?: string } | undefined)?.name;
  return `HTTP ${answer.status} ${String(data.status ?? JSON.stringify(answer.body))}${app ? ` -> ${app}` : ''}`;
}

/**
 * A create answer is sound when the model's call was used and what it filled passes the run
 * validator, or the rules took over and a `model` warning says why.
 */
function judgeCreate(
  brief: string,
  answer: { status: number; body: { data?: Record<string, unknown> } },
  apps: Map<string, AppDefinition>,
  asked: boolean,
): void {
  const path = `create "${brief}"`;
  const data = answer.body.data;
  if (answer.status >= 300 || !data) {
    problems.push({ path, what: `HTTP ${answer.status} ${JSON.stringify(answer.body)}` });
    say(`    FAIL: HTTP ${answer.status}`);
    return;
  }
  const warnings = (data.warnings as { field: string; message: string }[] | undefined) ?? [];
  const modelWarning = warnings.find((w) => w.field === 'model');
  const selected = data.selectedApp as { appId: string; name: string; rationale: string } | undefined;
  const byModel =
    Boolean(selected?.rationale.includes('chat model')) ||
    /chat model found no app/.test(String(data.reason ?? ''));
  if (modelWarning) say(`    verdict: fallback to the rules; warning: ${modelWarning.message}`);
  else if (byModel) say('    verdict: the model answer, validated, was used');
  else if (asked) {
    say('    FAIL: the model was asked, its answer was not used, and no warning says so');
    problems.push({ path, what: "the model's answer was set aside without a warning" });
  } else say('    verdict: the rules (the model was not asked: nothing to offer)');
  say(`    answer: ${describeAnswer(answer)}`);
  if (byModel && modelWarning) problems.push({ path, what: 'the model chose and a warning says it did not' });
  if (data.status === 'ran' && selected) {
    const drafted = (data.draftedInputs as Record<string, unknown> | undefined) ?? {};
    const definition = apps.get(selected.appId);
    const wrong = definition
      ? validateInputs(definition.parameters, drafted).details.filter((d) => d.code !== 'missing_no_default')
      : [{ message: `unknown app ${selected.appId}` }];
    say(
      `    inputs that reach the run: ${JSON.stringify(drafted)}${wrong.length ? '' : ' (pass the run validator)'}`,
    );
    if (wrong.length)
      problems.push({ path, what: `inputs fail validation: ${wrong.map((w) => w.message).join('; ')}` });
  }
}

async function checkRefinement(stack: ApiStack): Promise<void> {
  say();
  const definition = loadCatalogApps().find((a) => a.name === REFINED_APP);
  if (!definition) throw new Error(`no catalog app "${REFINED_APP}"`);
  const plan = compileApp(definition).plan;
  const candidates = refinementCandidates(plan);
  say(
    `(b) the refinement reader (modelRefinement, then readRefinement) on "${REFINED_APP}": nodes ${candidates.map((c) => c.nodeId).join(', ')}`,
  );
  for (const feedback of FEEDBACKS) {
    say();
    say(`  feedback: ${feedback}`);
    const from = logs.length;
    const started = Date.now();
    const model = await modelRefinement(
      stack.deps.chat,
      stack.deps.logger,
      candidates,
      feedback,
      (stack.config.CHAT_MODEL_TIMEOUT_SECONDS ?? 20) * 1000,
    );
    // What refineRun does next: the model's selection when usable, else the rules'.
    const { selection } = readRefinement(stack.config, plan, candidates, feedback, model.selection);
    const answer = logged(from, 'refinement: the chat model answered')[0];
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    say(
      answer
        ? `    model answered (${seconds} s): ${clip(String(answer.answer))}`
        : `    model gave no answer (${seconds} s)`,
    );
    const path = `refinement "${feedback}"`;
    if (model.selection) say('    verdict: the model answer, validated, was used');
    else if (model.warning) say(`    verdict: fallback to the rules; warning: ${model.warning}`);
    else problems.push({ path, what: 'the rules chose without a warning' });
    for (const c of selection.choices) {
      const candidate = candidates.find((k) => k.nodeId === c.nodeId);
      const same = candidate && placeholders(c.prompt) === placeholders(candidate.prompt);
      say(`    ${c.nodeId}: ${clip(c.prompt, 160)} (${clip(c.reason, 80)})`);
      if (!same)
        problems.push({ path, what: `node ${c.nodeId} is not a candidate or its placeholders changed` });
    }
  }
}

const placeholders = (text: string) => {
  const refs = templateRefs(text);
  return [...refs.params, ...refs.nodes.map((n) => `nodes.${n}`)].sort().join(',');
};

async function checkText(stack: ApiStack): Promise<void> {
  say();
  const model = createModels(stack.config).text;
  say(`(c) text.generate's model (${model.name}), purpose caption, at most 40 words`);
  say(`  prompt: ${TEXT_PROMPT}`);
  const started = Date.now();
  try {
    const text = await model.generate({
      prompt: TEXT_PROMPT,
      purpose: 'caption',
      maxWords: 40,
      variation: 1,
    });
    say(
      `    model answered (${((Date.now() - started) / 1000).toFixed(1)} s, ${text.length} characters): ${clip(text, 400)}`,
    );
    if (!text.trim()) problems.push({ path: 'text.generate', what: 'empty text' });
  } catch (err) {
    // text.generate has no rules to fall back to: a failure fails the node, which is a failure here.
    say(`    FAIL: ${(err as Error).message}`);
    problems.push({ path: 'text.generate', what: (err as Error).message });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`real-llm: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
