import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { loadConfig, publicUrl, type Config } from '../core/config';
import { nodeCosts } from '../core/billing/credits';
import { v1Router } from '../api/app';
import type { ApiDeps } from '../api/deps';
import { buildOpenApiDocument, declaredRoutes } from '../api/openapi/document';

/**
 * Writes the OpenAPI document of /v1 (what GET /v1/openapi.json serves) to a file, or to stdout, with
 * no database and no Temporal: the routers only need the configuration, the node costs and a logger
 * to declare their routes. The test command lints it and the TypeScript client is generated from it.
 *   npx tsx scripts/openapi.ts [out.json]
 */
export function openApiDocumentOffline(config: Config): Record<string, unknown> {
  const offline = new Proxy({} as ApiDeps, {
    get: (_, name) => {
      if (name === 'config') return config;
      if (name === 'costs') return nodeCosts(config.NODE_COSTS);
      if (name === 'logger') return pino({ level: 'silent' });
      return undefined;
    },
  });
  return buildOpenApiDocument(declaredRoutes(v1Router(offline)), publicUrl(config));
}

function main(): void {
  const json = `${JSON.stringify(openApiDocumentOffline(loadConfig(process.env)), null, 2)}\n`;
  if (process.argv[2]) writeFileSync(process.argv[2], json);
  else process.stdout.write(json);
}

if (require.main === module) main();
