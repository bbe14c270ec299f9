import { resolve } from 'node:path';
import type { Config } from '../../core/config';
import { PLATFORMS } from '../../adapters/channels/channel';
import { createTokenCipher } from '../../adapters/channels/token-cipher';
import { channelTokenKey } from '../../adapters/channels/token-key';
import type { CliCommand } from '../cli-commands';
import { UsageError } from './usage-error';

const CONNECT_OPTIONS = {
  workspace: { type: 'string' },
  platform: { type: 'string' },
  'account-id': { type: 'string' },
  token: { type: 'string' },
  name: { type: 'string' },
  type: { type: 'string' },
  username: { type: 'string' },
  'instagram-id': { type: 'string' },
  'expires-at': { type: 'string' },
} as const;

/** The token is sealed here, with the key the service uses (CHANNEL_TOKEN_KEY or the data folder's key file). */
export function connectCommand(
  parse: (
    options: typeof CONNECT_OPTIONS,
    positionals: number,
  ) => { values: Partial<Record<keyof typeof CONNECT_OPTIONS, string>> },
  config: Config,
): CliCommand {
  const { values } = parse(CONNECT_OPTIONS, 0);
  if (!values.workspace || !values.platform || !values['account-id'] || !values.token)
    throw new UsageError('channels connect needs --workspace, --platform, --account-id and --token');
  if (!(PLATFORMS as readonly string[]).includes(values.platform))
    throw new UsageError(`--platform is one of ${PLATFORMS.join(', ')}`);
  if (values['expires-at'] && Number.isNaN(Date.parse(values['expires-at'])))
    throw new UsageError('--expires-at takes an ISO date');
  const cipher = createTokenCipher(
    channelTokenKey(config.CHANNEL_TOKEN_KEY, resolve(config.ATELIER_DATA_DIR)),
  );
  return {
    command: 'channels.connect',
    workspace: values.workspace,
    platform: values.platform as (typeof PLATFORMS)[number],
    externalId: values['account-id'],
    accountName: values.name ?? null,
    accountType:
      values.type ??
      (values.platform === 'linkedin' ? 'organization' : values.platform === 'x' ? 'person' : 'page'),
    username: values.username ?? null,
    instagramId: values['instagram-id'] ?? (values.platform === 'instagram' ? values['account-id'] : null),
    sealedToken: cipher.seal(values.token),
    expiresAt: values['expires-at'] ? new Date(values['expires-at']).toISOString() : null,
  };
}
