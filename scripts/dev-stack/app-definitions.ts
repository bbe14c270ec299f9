import type { z } from 'zod';
import {
  AppDefinition,
  AppParameter,
  Frontmatter,
  type GraphEdge,
  type GraphNode,
} from '../../core/app/app-definition';
import { FRONTMATTER_SCHEMA_VERSION } from '../../core/limits';
import { newId } from '../../core/ids';

const TEST_APP_SUMMARY = 'A test app.';

/** Discovery frontmatter with nothing in it but a summary and the fields given: for tests where it is not the point. */
export function testFrontmatter(fields: Partial<Omit<Frontmatter, 'schemaVersion'>> = {}): Frontmatter {
  return Frontmatter.parse({
    schemaVersion: FRONTMATTER_SCHEMA_VERSION,
    summary: TEST_APP_SUMMARY,
    categories: [],
    useCases: [],
    keywords: [],
    aliases: [],
    formats: [],
    platforms: [],
    audiences: [],
    excludedIntents: [],
    ...fields,
  });
}

/** A text parameter `p_<key>` named after its key ("topic" -> "Topic"); `extra` adds or overrides fields. */
export const textParameter = (key: string, extra: Partial<z.input<typeof AppParameter>> = {}): AppParameter =>
  AppParameter.parse({
    id: `p_${key}`,
    key,
    name: key[0].toUpperCase() + key.slice(1),
    type: 'text',
    ...extra,
  });

export interface TestAppFields {
  name: string;
  nodes: z.input<typeof GraphNode>[];
  edges: GraphEdge[];
  parameters?: z.input<typeof AppParameter>[];
  /** A fresh id unless the test needs a fixed one. */
  appId?: string;
  description?: string | null;
  summary?: string;
  formats?: string[];
}

/** A purpose-built app for a test, validated as a stored app is, so the schema's defaults apply. */
export function testApp(fields: TestAppFields): AppDefinition {
  const { name, nodes, edges, parameters = [], appId = newId(), description = null } = fields;
  const { summary = TEST_APP_SUMMARY, formats = [] } = fields;
  return AppDefinition.parse({
    appId,
    name,
    description,
    parameters,
    frontmatter: testFrontmatter({ summary, formats }),
    graph: { nodes, edges },
  });
}
