import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../../scripts/temporal-cli';
import { ScaledObject } from './scaled-object';

export const MANIFESTS_DIR = join(REPO_ROOT, 'deploy/kubernetes');
/** Debian's kubernetes-client and kubernetes-validate, as `scripts/setup.sh --test` installs them. */
const KUBECTL = join(REPO_ROOT, '.tools/kubectl/usr/bin/kubectl');
const VALIDATE_HOME = join(REPO_ROOT, '.tools/k8s-validate');
/** The oldest Kubernetes the manifests are meant for (autoscaling/v2, policy/v1) and the newest the validator knows. */
export const KUBERNETES_VERSIONS = ['1.27', '1.37'];

/** A Kubernetes object as rendered: kind, apiVersion, metadata and the rest. */
export interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

export const overlays = (): string[] => readdirSync(join(MANIFESTS_DIR, 'overlays')).sort();

/**
 * Renders an overlay with `kubectl kustomize` from a scratch copy of deploy/kubernetes in which each
 * overlay's secrets.env is its secrets.env.example, as an operator's first install would have it.
 */
export function renderOverlay(overlay: string): Resource[] {
  const scratch = mkdtempSync(join(tmpdir(), 'atelier-kustomize-'));
  try {
    cpSync(MANIFESTS_DIR, scratch, { recursive: true });
    for (const name of readdirSync(join(scratch, 'overlays'))) {
      const example = join(scratch, 'overlays', name, 'secrets.env.example');
      if (existsSync(example)) copyFileSync(example, join(scratch, 'overlays', name, 'secrets.env'));
    }
    const out = execFileSync(KUBECTL, ['kustomize', join(scratch, 'overlays', overlay)], {
      encoding: 'utf8',
    });
    return parseAllDocuments(out).map((doc) => doc.toJS() as Resource);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Every problem with `resources`, empty when there is none:
 * 1. kubernetes-validate --strict (unknown fields too) against each of KUBERNETES_VERSIONS, offline;
 *    a kind it has no schema for is a problem, unless checked below.
 * 2. ScaledObjects against the ScaledObject schema, and the HPA each becomes (its `behavior`) through (1).
 */
export function validationProblems(resources: Resource[]): string[] {
  const problems: string[] = [];
  const standard: Resource[] = [];
  for (const resource of resources) {
    if (resource.kind !== 'ScaledObject') {
      standard.push(resource);
      continue;
    }
    const parsed = ScaledObject.safeParse(resource);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        problems.push(`scaledobject/${resource.metadata?.name}: ${issue.path.join('.')}: ${issue.message}`);
    else standard.push(hpaOf(parsed.data));
  }
  return [...problems, ...kubernetesValidate(standard)];
}

/** The HorizontalPodAutoscaler KEDA makes of a ScaledObject, for its `behavior`. */
function hpaOf(scaled: ScaledObject): Resource {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: `keda-hpa-${scaled.metadata.name}` },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: scaled.spec.scaleTargetRef.name },
      minReplicas: Math.max(1, scaled.spec.minReplicaCount ?? 0),
      maxReplicas: scaled.spec.maxReplicaCount ?? 100,
      ...(scaled.spec.advanced?.horizontalPodAutoscalerConfig?.behavior
        ? { behavior: scaled.spec.advanced.horizontalPodAutoscalerConfig.behavior }
        : {}),
    },
  };
}

function kubernetesValidate(resources: Resource[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-validate-'));
  try {
    const file = join(dir, 'resources.yaml');
    // As JSON documents (JSON is YAML): nothing is left to YAML 1.1's reading of `off` or `yes`.
    writeFileSync(file, resources.map((r) => JSON.stringify(r)).join('\n---\n'));
    const versions = KUBERNETES_VERSIONS.flatMap((v) => ['-k', v]);
    const run = spawnSync(
      join(VALIDATE_HOME, 'bin/kubernetes-validate'),
      ['--strict', '--quiet', ...versions, file],
      {
        env: { ...process.env, PYTHONPATH: VALIDATE_HOME },
        encoding: 'utf8',
      },
    );
    if (run.error) throw run.error;
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => /^(ERROR|WARN|FATAL)/.test(line));
    if (run.status !== 0 && lines.length === 0)
      return [`kubernetes-validate exited ${run.status}: ${run.stderr}`];
    return lines.map((line) => line.replace(`${file} `, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
