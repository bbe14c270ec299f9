import { z } from 'zod';
import { TOOLS, type ListedTool, listedTool } from './tools';
import type { Tool } from './tool';

/** `core`: a few outcome-level tools for an agent's small context; `full`: every tool. */
export const McpProfile = z.enum(['core', 'full']).meta({
  description: 'core: the outcome-level tools only (a small tool list); full (default): every tool',
});
export type McpProfile = z.infer<typeof McpProfile>;

/** The most tools the core profile may offer (issue 25 item 8). */
export const CORE_TOOL_LIMIT = 8;
/** The most tokens its tools/list may take (bytes / 4, the usual estimate for JSON). */
export const CORE_TOKEN_BUDGET = 8000;

/**
 * The core profile: one tool per outcome an agent asks for (discover, plan, create, run, wait, refine,
 * assets, upload), CORE_TOOL_LIMIT in all. Its list carries no output schemas
 * (86% of the full list's bytes); results are still structured.
 */
const CORE_TOOL_NAMES = [
  'discover_apps',
  'atelier_create',
  'plan_content',
  'run_app',
  'wait_for_run',
  'refine_run',
  'list_assets',
  'transfer_asset',
];

/**
 * What a core tool says instead of its full description, where the full one points to a tool the core
 * profile lacks.
 */
const CORE_DESCRIPTIONS: Record<string, string> = {
  discover_apps:
    'Rank the apps you may run for what you want to make, with the reasons for each. Then run the best ' +
    'match with run_app (sandbox: true first: a VALIDATION_ERROR names each missing or unknown input), ' +
    'or let atelier_create pick the app and its inputs from a brief.',
  wait_for_run:
    'The run now, waiting until it ends (completed, failed, cancelled) or timeoutSeconds pass (1..120). ' +
    'timedOut: true means it is still going: call again. run.awaitingApproval: a person must approve it.',
};

const byName = new Map(TOOLS.map((t) => [t.name, t]));

/** The tools of a profile, in the order an agent meets them. */
export function profileTools(profile: McpProfile): Tool[] {
  if (profile === 'full') return TOOLS;
  return CORE_TOOL_NAMES.map((name) => {
    const tool = byName.get(name)!;
    return CORE_DESCRIPTIONS[name] ? { ...tool, description: CORE_DESCRIPTIONS[name] } : tool;
  });
}

const LISTS: Record<McpProfile, ListedTool[]> = {
  full: TOOLS.map((t) => listedTool(t, { outputSchema: true })),
  core: profileTools('core').map((t) => listedTool(t, { outputSchema: false })),
};

/** tools/list of a profile. */
export const listedTools = (profile: McpProfile): ListedTool[] => LISTS[profile];

/** What the server tells an agent first, per profile. */
export const INSTRUCTIONS: Record<McpProfile, string> = {
  full: `Atelier makes images, videos, audio and text by running apps (graphs of generation steps).
Typical flow: discover_apps -> get_app -> run_app (or atelier_create from a brief) -> wait_for_run
(repeat while timedOut) -> use the outputs (publish_content, transfer_asset, refine_run).
If run.awaitingApproval is set, a human.approval node waits: approve_run or ask a person.
Errors carry the REST envelope: code (VALIDATION_ERROR, NOT_FOUND, ...) and retryable.`,
  core: `Atelier makes images, videos, audio and text. Fastest: atelier_create from a brief -> wait_for_run
(repeat while timedOut) -> refine_run with feedback. Or discover_apps -> run_app. list_assets finds outputs;
transfer_asset copies media to permanent storage. This is the core profile: /mcp (no profile) has every tool.
Errors carry the REST envelope: code (VALIDATION_ERROR, NOT_FOUND, ...) and retryable.`,
};
