import type { CompiledApp } from '../../core/app/compiled-app';
import type { Config } from '../../core/config';
import { validationError, type ValidationDetail } from '../../core/errors';
import { MODEL_KIND_OF_NODE, type ProviderName } from '../../core/model-providers';
import { missingProviderSetting } from '../../adapters/models/provider-setup';

/**
 * An app a caller saves (POST, PUT /v1/apps) may name only providers this deployment has configured:
 * a node naming another would fail at every run. One VALIDATION_ERROR names each such node and provider.
 */
export function requireConfiguredProviders(config: Config, app: CompiledApp): void {
  const details: ValidationDetail[] = [];
  app.definition.graph.nodes.forEach((node, index) => {
    // The generating nodes name theirs (core/model-providers.ts providerChoice), checked by the compiler.
    const provider = node.config.provider;
    if (!(node.type in MODEL_KIND_OF_NODE) || typeof provider !== 'string') return;
    const missing = missingProviderSetting(config, provider as ProviderName);
    if (missing === null) return;
    details.push({
      param: `graph.nodes[${index}].config.provider`,
      code: 'provider_not_configured',
      message: `node "${node.id}" names provider "${provider}", which this deployment has not configured (${missing} is not set)`,
      nodeIds: [node.id],
    });
  });
  if (details.length > 0) throw validationError(details, details[0].message);
}
