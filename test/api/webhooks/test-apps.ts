import type { Kysely } from 'kysely';
import { insertApp } from '../../../adapters/db/apps';
import type { Database } from '../../../adapters/db/schema';
import { localModels } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import { testApp, textParameter } from '../../support/app-definitions';
import type { TestUser } from '../../support/seed';

/**
 *   draft (text) --> short (text) --> out
 */
export const CHAIN_APP = testApp({
  appId: '0b7a4c9e-2f43-4c1e-9d56-7f1e8a3b5c01',
  name: 'Webhook chain',
  formats: ['text'],
  parameters: [textParameter('topic')],
  nodes: [
    { id: 'draft', type: 'text.generate', label: 'Draft', config: { prompt: 'Write about {{topic}}' } },
    { id: 'short', type: 'text.generate', label: 'Short', config: { prompt: 'Shorten: {{nodes.draft}}' } },
    { id: 'out', type: 'output', label: 'Text', config: { label: 'Text' } },
  ],
  edges: [
    { source: 'draft', target: 'short' },
    { source: 'short', target: 'out' },
  ],
});

/**
 *   draft (text) --> review (human.approval) --> out
 */
export const APPROVAL_APP = testApp({
  appId: '0b7a4c9e-2f43-4c1e-9d56-7f1e8a3b5c02',
  name: 'Webhook approval',
  formats: ['text'],
  parameters: [textParameter('topic')],
  nodes: [
    { id: 'draft', type: 'text.generate', label: 'Draft', config: { prompt: 'Write about {{topic}}' } },
    { id: 'review', type: 'human.approval', label: 'Review', config: {} },
    { id: 'out', type: 'output', label: 'Text', config: { label: 'Text' } },
  ],
  edges: [
    { source: 'draft', target: 'review' },
    { source: 'review', target: 'out' },
  ],
});

export async function insertTestApps(db: Kysely<Database>, owner: TestUser): Promise<void> {
  for (const app of [CHAIN_APP, APPROVAL_APP])
    await insertApp(db, app, {
      workspaceId: owner.workspaceId,
      creatorId: owner.userId,
      visibility: 'private',
    });
}

/** The local models, except that a prompt containing FAIL is refused by the "provider" (not retried). */
export function modelsFailingOn(word = 'FAIL'): Models {
  const models = localModels('espeak');
  return {
    ...models,
    text: {
      name: 'local-failing',
      async generate(request) {
        if (request.prompt.includes(word))
          throw Object.assign(new Error('the provider refused the prompt'), { name: 'ProviderRejected' });
        return models.text.generate(request);
      },
    },
  };
}
