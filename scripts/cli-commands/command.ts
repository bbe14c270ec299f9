import { z } from 'zod';
import { PLATFORMS } from '../../adapters/channels/channel';
import { ContentPatternImport, TrendSignalImport } from '../../core/intelligence/imports';
import { IMPORT_MAX_ITEMS } from '../../core/intelligence/limits';

const WorkspaceName = z.string().trim().min(1).max(100);
const Credits = z.number().int().min(0);

/**
 * The operator commands, as data: the CLI runs them on a database it opened itself, or sends them to
 * the running service over its admin socket, which runs them with the same function.
 */
export const CliCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('keys.create'),
    workspace: WorkspaceName,
    role: z.enum(['owner', 'member']).default('owner'),
    name: z.string().max(100).default(''),
    credits: Credits,
  }),
  z.object({ command: z.literal('keys.list'), workspace: WorkspaceName.optional() }),
  z.object({ command: z.literal('keys.revoke'), idOrPrefix: z.string().trim().min(1) }),
  z.object({ command: z.literal('workspaces.create'), workspace: WorkspaceName, credits: Credits }),
  z.object({
    command: z.literal('credits.grant'),
    workspace: WorkspaceName,
    amount: z.number().positive(),
    reason: z.string().max(200).default('grant'),
  }),
  z.object({
    command: z.literal('channels.connect'),
    workspace: WorkspaceName,
    platform: z.enum(PLATFORMS),
    externalId: z.string().trim().min(1).max(200),
    accountName: z.string().max(200).nullable().default(null),
    accountType: z.string().max(50).default('page'),
    username: z.string().max(100).nullable().default(null),
    instagramId: z.string().max(100).nullable().default(null),
    /** Sealed by the CLI process (the same key as the service's), so the token never crosses the socket in clear. */
    sealedToken: z.string().startsWith('v1.'),
    expiresAt: z.iso.datetime().nullable().default(null),
  }),
  z.object({ command: z.literal('channels.list'), workspace: WorkspaceName }),
  z.object({ command: z.literal('channels.remove'), workspace: WorkspaceName, channelId: z.uuid() }),
  /** `workspace` null: global signals, seen by every workspace. */
  z.object({
    command: z.literal('trends.import'),
    workspace: WorkspaceName.nullable(),
    signals: z.array(TrendSignalImport).min(1).max(IMPORT_MAX_ITEMS),
  }),
  z.object({
    command: z.literal('patterns.import'),
    workspace: WorkspaceName,
    patterns: z.array(ContentPatternImport).min(1).max(IMPORT_MAX_ITEMS),
  }),
]);
export type CliCommand = z.infer<typeof CliCommand>;
