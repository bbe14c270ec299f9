import type { Kysely } from 'kysely';
import { insertApp } from '../../../adapters/db/apps';
import type { Database } from '../../../adapters/db/schema';
import { localModels } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import type { AppDefinition } from '../../../core/app-definition';
import type { TestUser } from '../../support/seed';

const frontmatter: AppDefinition['frontmatter'] = {
  schemaVersion: 1,
  summary: 'A test app.',
  categories: [],
  useCases: [],
  keywords: [],
  aliases: [],
  formats: ['text'],
  platforms: [],
  audiences: [],
  excludedIntents: [],
};

const topic = [
  { id: 'p_topic', key: 'topic', name: 'Topic', type: 'text', description: '', multiple: false },
] as AppDefinition['parameters'];

/**
 *   draft (text) --> short (text) --> out
 */
export const CHAIN_APP: AppDefinition = {
  appId: '0b7a4c9e-2f43-4c1e-9d56-7f1e8a3b5c01',
  name: 'Webhook chain',
  description: null,
  parameters: topic,
  frontmatter,
  graph: {
    nodes: [
      { id: 'draft', type: 'text.generate', label: 'Draft', config: { prompt: 'Write about {{topic}}' } },
      { id: 'short', type: 'text.generate', label: 'Short', config: { prompt: 'Shorten: {{nodes.draft}}' } },
      { id: 'out', type: 'output', label: 'Text', config: { label: 'Text' } },
    ],
    edges: [
      { source: 'draft', target: 'short' },
      { source: 'short', target: 'out' },
    ],
  },
};

/**
 *   draft (text) --> review (human.approval) --> out
 */
export const APPROVAL_APP: AppDefinition = {
  appId: '0b7a4c9e-2f43-4c1e-9d56-7f1e8a3b5c02',
  name: 'Webhook approval',
  description: null,
  parameters: topic,
  frontmatter,
  graph: {
    nodes: [
      { id: 'draft', type: 'text.generate', label: 'Draft', config: { prompt: 'Write about {{topic}}' } },
      { id: 'review', type: 'human.approval', label: 'Review', config: {} },
      { id: 'out', type: 'output', label: 'Text', config: { label: 'Text' } },
    ],
    edges: [
      { source: 'draft', target: 'review' },
      { source: 'review', target: 'out' },
    ],
  },
};

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
  const models = localModels();
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
