import { z } from 'zod';
import {
  WAIT_TIMEOUT_DEFAULT_SECONDS,
  WAIT_TIMEOUT_MAX_SECONDS,
  WAIT_TIMEOUT_MIN_SECONDS,
} from '../../core/limits';
import { Asset } from '../../core/responses/assets';
import { Pagination } from '../../core/responses/common';
import { Channel } from '../../core/responses/publishing';
import { Run, SandboxStub } from '../../core/responses/runs';
import { FeedbackBody, RunBody } from '../runs/schema';

/** Inputs of the tools that take something other than a /v1 request body. */
const runId = z
  .string()
  .max(100)
  .meta({ description: 'The run id (a UUID) from run_app, atelier_create ...' });
const appId = z.string().max(100).meta({ description: 'The app id (a UUID) from discover_apps' });
const waitSeconds = (what: string, min: number) =>
  z
    .int()
    .min(min)
    .max(WAIT_TIMEOUT_MAX_SECONDS)
    .default(WAIT_TIMEOUT_DEFAULT_SECONDS)
    .meta({ description: `How long to wait for ${what}, in seconds (at most ${WAIT_TIMEOUT_MAX_SECONDS})` });

export const NoInput = z.object({});
export const AppInput = z.object({ appId });
export const RunInput = z.object({ runId });

export const RunAppInput = z.object({
  appId,
  ...RunBody.shape,
  sandbox: z.boolean().default(false).meta({
    description: 'Validate as a real run and answer a stub: nothing stored, started or charged',
  }),
  webhookUrl: z.string().max(2000).optional().meta({ description: 'http(s) URL told when the run ends' }),
});

export const WaitInput = z.object({
  runId,
  timeoutSeconds: waitSeconds('the run to end', WAIT_TIMEOUT_MIN_SECONDS),
});

export const RefineInput = z.object({
  runId,
  ...FeedbackBody.shape,
  timeoutSeconds: waitSeconds('the refined revision', 0),
});

export const ApproveInput = z.object({
  runId,
  nodeId: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'The waiting node; default: run.awaitingApproval' }),
  decision: z.enum(['approve', 'reject']).meta({ description: 'Required: no decision is taken by default' }),
  comment: z.string().max(2000).optional(),
  revise: z.boolean().optional().meta({
    description: 'With reject and a comment: revise the reviewed node with the comment, then review again',
  }),
});

/** Outputs that wrap what /v1 answers, because an MCP result is an object. */
export const RunOrStub = z.union([Run, SandboxStub]);
export const WaitOutput = z.object({
  run: Run,
  timedOut: z.boolean().meta({ description: 'True when the timeout passed before the run ended' }),
  awaitingApproval: z
    .boolean()
    .meta({
      description: 'True when the run waits for a person: see run.awaitingApproval, then approve_run',
    }),
});
export const AssetsOutput = z.object({ assets: z.array(Asset), pagination: Pagination });
export const ChannelsOutput = z.object({ channels: z.array(Channel) });
