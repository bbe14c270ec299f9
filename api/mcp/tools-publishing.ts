import { Account, Usage } from '../../core/responses/account';
import { PublishResults, Transfer } from '../../core/responses/publishing';
import { presentAsset } from '../../core/run/present-asset';
import { AssetsQuery } from '../assets/schema';
import { accountUsage } from '../commands/account-usage';
import { getAccount } from '../commands/get-account';
import { listAssets } from '../commands/list-assets';
import { listChannels } from '../commands/list-channels';
import { checkPostContent, publish } from '../commands/publish';
import { transferAsset } from '../commands/transfer-asset';
import { createUploadUrls } from '../commands/create-upload-urls';
import { UploadUrlsBody } from '../assets/schema';
import { UploadTarget } from '../../core/responses/assets';
import { presentChannel } from '../publishing/presenter';
import { PublishBody, TransferBody } from '../publishing/schema';
import { z } from 'zod';
import { AssetsOutput, ChannelsOutput, NoInput } from './schema';
import { tool } from './tool';

/** Assets, channels, publishing and the account. */
export const PUBLISHING_TOOLS = [
  tool({
    name: 'list_assets',
    title: 'List assets',
    description: 'Stored outputs of completed runs, newest first; filter by runId and type.',
    input: AssetsQuery,
    output: AssetsOutput,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, query) => {
      const pagination = { limit: query.limit, offset: query.offset };
      const { rows, total } = await listAssets(deps, caller, query);
      return { assets: rows.map(presentAsset), pagination: { total, ...pagination } };
    },
  }),
  tool({
    name: 'transfer_asset',
    title: 'Copy media to the CDN',
    description:
      'Copy an image, video or audio file from a URL to permanent storage; publish the URL it answers.',
    input: TransferBody,
    output: Transfer,
    annotations: { openWorldHint: true, idempotentHint: true },
    run: async ({ deps, caller }, body) => ({ url: (await transferAsset(deps, caller, body)).url }),
  }),
  tool({
    name: 'upload_asset',
    title: 'Upload your own media',
    description:
      'Get a URL to PUT a local image, video or audio file to (send the answered headers, before expiresAt); ' +
      'its cdnUrl is then an input of your runs (run_app url inputs).',
    input: UploadUrlsBody,
    output: z.object({ uploads: z.array(UploadTarget) }),
    annotations: { openWorldHint: false },
    run: async ({ deps, caller }, body) => ({ uploads: await createUploadUrls(deps, caller, body) }),
  }),
  tool({
    name: 'list_channels',
    title: 'List channels',
    description: 'Connected, unexpired social accounts; their ids are the accountIds of publish_content.',
    input: NoInput,
    output: ChannelsOutput,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }) => ({ channels: (await listChannels(deps, caller)).map(presentChannel) }),
  }),
  tool({
    name: 'publish_content',
    title: 'Publish',
    description:
      'Post an image or video URL and/or a caption to one or more channels (list_channels); one result ' +
      'per channel, and one failure never stops another.',
    input: PublishBody,
    output: PublishResults,
    annotations: { openWorldHint: true },
    run: async ({ deps, caller }, { accountIds, ...content }) => {
      checkPostContent(content);
      return { results: await publish(deps, caller, accountIds, content) };
    },
  }),
  tool({
    name: 'get_usage',
    title: 'Get usage',
    description: 'The credit balance (what a new run can use) and the rate limit.',
    input: NoInput,
    output: Usage,
    annotations: { readOnlyHint: true },
    run: ({ deps, caller }) => accountUsage(deps, caller),
  }),
  tool({
    name: 'get_account',
    title: 'Get the account',
    description:
      'Which workspace and API key you act as (the key name and prefix, never the key), your role and the ' +
      'rate limit.',
    input: NoInput,
    output: Account,
    annotations: { readOnlyHint: true },
    run: ({ deps, caller }) => getAccount(deps, caller),
  }),
];
