import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Config, loadConfig } from '../../core/config';
import { SHUTDOWN_GRACE_MS } from '../../core/limits';
import { REPO_ROOT } from '../../scripts/temporal-cli';
import {
  KUBERNETES_VERSIONS,
  overlays,
  renderOverlay,
  validationProblems,
  type Resource,
} from './kubernetes';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are read as plain data */
type Container = {
  name: string;
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  resources?: { requests?: { cpu?: string; memory?: string } };
  readinessProbe?: any;
  livenessProbe?: any;
  lifecycle?: any;
};

const spec = (r: Resource) => r.spec as any;
const containersOf = (deployment: Resource): Container[] => spec(deployment).template.spec.containers;
const named = (resources: Resource[], kind: string, name?: string) =>
  resources.filter((r) => r.kind === kind && (name === undefined || r.metadata.name === name));

/** The environment a container starts with: its ConfigMaps and Secrets (decoded), then its own `env`. */
function environmentOf(container: Container, resources: Resource[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, named(resources, 'ConfigMap', from.configMapRef.name)[0].data);
    if (from.secretRef) {
      const secret = named(resources, 'Secret', from.secretRef.name)[0];
      for (const [key, value] of Object.entries((secret.data ?? {}) as Record<string, string>))
        env[key] = Buffer.from(value, 'base64').toString('utf8');
    }
  }
  for (const variable of container.env ?? []) env[variable.name] = variable.value ?? '';
  return env;
}

const probePort = (container: Container, probe: any): number =>
  typeof probe.httpGet.port === 'number'
    ? probe.httpGet.port
    : container.ports!.find((p) => p.name === probe.httpGet.port)!.containerPort;

describe.each(overlays())('deploy/kubernetes overlay %s', (overlay) => {
  let resources: Resource[];
  let deployments: Resource[];

  beforeAll(() => {
    resources = renderOverlay(overlay);
    deployments = named(resources, 'Deployment');
  });

  test('renders with kubectl kustomize, and every resource validates offline', () => {
    expect(resources.length).toBeGreaterThan(10);
    expect(validationProblems(resources)).toEqual([]);
  });

  test('has the API (Deployment, Service, Ingress, HPA) and one worker Deployment per task queue', () => {
    const kinds = (name: string) => resources.filter((r) => r.metadata.name === name).map((r) => r.kind);
    expect(kinds('atelier-api').sort()).toEqual(
      ['Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'PodDisruptionBudget', 'Service'].sort(),
    );
    const queues = deployments
      .filter((d) => containersOf(d)[0].command?.includes('worker/main.ts'))
      .map((d) => loadConfig(environmentOf(containersOf(d)[0], resources)).WORKER_QUEUES);
    expect(queues.sort()).toEqual([['main'], ['media']]);
  });

  test('every variable the containers are given is one Atelier reads, with a value it accepts', () => {
    const known = new Set(Object.keys(Config.shape));
    for (const deployment of deployments)
      for (const container of containersOf(deployment)) {
        const env = environmentOf(container, resources);
        expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
        const config = loadConfig(env);
        // What a separate API or worker process refuses to start without, and S3 as the store.
        expect(config).toMatchObject({ STORAGE_DRIVER: 's3', HOST: '0.0.0.0' });
        for (const name of ['TEMPORAL_ADDRESS', 'DATABASE_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID'] as const)
          expect(config[name]).toBeTruthy();
        // Every pod must seal channel tokens with the same key (adapters/channels/token-key.ts).
        expect(Object.keys(env)).toContain('CHANNEL_TOKEN_KEY');
      }
  });

  test('every container runs a file of the repository, asks for resources and is probed where it listens', () => {
    for (const deployment of deployments)
      for (const container of containersOf(deployment)) {
        const entry = container.command!.at(-1)!;
        expect(existsSync(join(REPO_ROOT, entry))).toBe(true);
        expect(container.resources?.requests).toEqual({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        const config = loadConfig(environmentOf(container, resources));
        const port = entry === 'api/main.ts' ? config.PORT : config.HEALTH_PORT;
        expect(container.readinessProbe.httpGet.path).toBe('/readyz');
        expect(container.livenessProbe.httpGet.path).toBe('/healthz');
        expect(probePort(container, container.readinessProbe)).toBe(port);
        expect(probePort(container, container.livenessProbe)).toBe(port);
      }
  });

  test('a stopping pod is given longer than the drain the code does', () => {
    for (const deployment of deployments) {
      const pod = spec(deployment).template.spec;
      const container: Container = pod.containers[0];
      const preStop = container.lifecycle?.preStop?.exec?.command;
      const pause = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
      const config = loadConfig(environmentOf(container, resources));
      const drainSeconds = container.command!.includes('api/main.ts')
        ? SHUTDOWN_GRACE_MS / 1000
        : config.WORKER_SHUTDOWN_GRACE_SECONDS;
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + drainSeconds);
    }
  });

  test('every Deployment has a disruption budget selecting its pods', () => {
    for (const deployment of deployments) {
      const podLabels = spec(deployment).template.metadata.labels;
      const budgets = named(resources, 'PodDisruptionBudget').filter((pdb) =>
        Object.entries(spec(pdb).selector.matchLabels).every(([k, v]) => podLabels[k] === v),
      );
      expect(budgets.map((b) => b.metadata.name)).toEqual([deployment.metadata.name]);
    }
  });

  test("each worker scales on its own queue's backlog, in the namespace and at the address it uses", () => {
    const workers = deployments.filter((d) => containersOf(d)[0].command?.includes('worker/main.ts'));
    const scaled = named(resources, 'ScaledObject');
    expect(scaled.map((s) => spec(s).scaleTargetRef.name).sort()).toEqual(
      workers.map((w) => w.metadata.name).sort(),
    );
    for (const worker of workers) {
      const env = environmentOf(containersOf(worker)[0], resources);
      const config = loadConfig(env);
      const trigger = spec(scaled.find((s) => spec(s).scaleTargetRef.name === worker.metadata.name)!)
        .triggers[0];
      const queue = config.WORKER_QUEUES[0] === 'main' ? config.TASK_QUEUE : config.MEDIA_TASK_QUEUE;
      expect(trigger.metadata.taskQueue).toBe(queue);
      expect(trigger.metadata.namespace).toBe(config.TEMPORAL_NAMESPACE);
      expect(env[trigger.metadata.endpointFromEnv]).toBe(config.TEMPORAL_ADDRESS);
    }
  });

  test('the API HPA scales the API Deployment; nothing else autoscales it', () => {
    const hpas = named(resources, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => spec(h).scaleTargetRef)).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'atelier-api' },
    ]);
    for (const deployment of deployments) expect(spec(deployment).replicas).toBeUndefined();
  });
});

describe('validationProblems', () => {
  let resources: Resource[];
  beforeAll(() => {
    resources = renderOverlay('small');
  });
  const mutated = (kind: string, change: (r: any) => void) =>
    resources.map((r) => {
      if (r.kind !== kind) return r;
      const copy = structuredClone(r);
      change(copy);
      return copy;
    });

  test('names a Deployment field of the wrong type', () => {
    const problems = validationProblems(
      mutated('Deployment', (d) => {
        d.spec.template.spec.terminationGracePeriodSeconds = 'thirty';
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ERROR .*deployment\/atelier-api.*terminationGracePeriodSeconds/),
      ]),
    );
  });

  test('names a field Kubernetes does not know (strict)', () => {
    const problems = validationProblems(
      mutated('Service', (s) => {
        s.spec.ports[0].targetPortt = 'http';
      }),
    );
    expect(problems).toHaveLength(KUBERNETES_VERSIONS.length);
    for (const problem of problems)
      expect(problem).toMatch(/^ERROR .*service\/atelier-api.*'targetPortt' was unexpected/);
  });

  test('refuses a ScaledObject without a task queue, and a kind it has no schema for', () => {
    const problems = validationProblems([
      ...mutated('ScaledObject', (s) => {
        delete s.spec.triggers[0].metadata.taskQueue;
      }),
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'scaledobject/atelier-worker-main: spec.triggers.0.metadata.taskQueue: Invalid input: expected string, received undefined',
        expect.stringMatching(/^WARN .*Widget/),
      ]),
    );
  });

  test('refuses HPA behaviour a ScaledObject would hand to Kubernetes broken', () => {
    const problems = validationProblems(
      mutated('ScaledObject', (s) => {
        s.spec.advanced.horizontalPodAutoscalerConfig.behavior.scaleDown.stabilizationWindowSeconds = '5m';
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ERROR .*keda-hpa-atelier-worker-main.*stabilizationWindowSeconds/),
      ]),
    );
  });
});
