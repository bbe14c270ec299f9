import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Config, loadConfig } from '../../core/config';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../scripts/dev-server';
import { REPO_ROOT } from '../../scripts/temporal-cli';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
/** What an operator's .env gives for the variables compose requires (`${NAME:?message}`). */
const OPERATOR_ENV = { CHANNEL_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') };

/** Compose's interpolation: `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME}`, `$$`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name: string, op: string, arg: string) => {
      if (whole === '$$') return '$';
      const set = env[name];
      if (op?.endsWith('?') && !set) throw new Error(`${name} is required: ${arg}`);
      if (op === ':-' && !set) return arg;
      if (op === '-' && set === undefined) return arg;
      return set ?? '';
    },
  );
}

/** A service's environment as its container gets it, from an .env that sets only what compose requires. */
function environmentOf(service: Service): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), OPERATOR_ENV),
    ]),
  );
}

/** The services built from this repository: Atelier's API and worker. */
const atelierServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

describe('docker-compose.yml', () => {
  test("Atelier's services are built from this repository's Dockerfile and run one of its entry points", () => {
    expect(atelierServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
    for (const [, service] of atelierServices) {
      expect(existsSync(join(REPO_ROOT, service.build!, 'Dockerfile'))).toBe(true);
      expect(service.command!.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
      expect(existsSync(join(REPO_ROOT, service.command!.at(-1)!))).toBe(true);
    }
    const cmd = /^CMD (.*)$/m.exec(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'))![1];
    expect(existsSync(join(REPO_ROOT, (JSON.parse(cmd) as string[]).at(-1)!))).toBe(true);
  });

  test.each(atelierServices)(
    '%s is given only variables Atelier reads, each with a value it accepts',
    (_, service) => {
      const env = environmentOf(service);
      const known = new Set(Object.keys(Config.shape));
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      const config = loadConfig(env);
      // A separate process refuses to start without these; S3 is the store, one channel key for all.
      for (const name of [
        'TEMPORAL_ADDRESS',
        'DATABASE_URL',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'CHANNEL_TOKEN_KEY',
      ] as const)
        expect(config[name]).toBeTruthy();
      expect(config.STORAGE_DRIVER).toBe('s3');
      expect(config.HOST).toBe('0.0.0.0');
    },
  );

  test('compose will not start without the channel key, rather than give each container its own', () => {
    expect(() => interpolate(String(compose.services.api.environment!.CHANNEL_TOKEN_KEY), {})).toThrow(
      /CHANNEL_TOKEN_KEY is required/,
    );
  });

  test.each(atelierServices)('%s is health-checked on the port its /readyz listens on', (name, service) => {
    const config = loadConfig(environmentOf(service));
    const port = name === 'api' ? config.PORT : config.HEALTH_PORT;
    expect(service.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
  });

  test('the addresses Atelier is given are services of this file', () => {
    const env = environmentOf(compose.services.api);
    const hosts = [env.TEMPORAL_ADDRESS, new URL(env.DATABASE_URL).host, new URL(env.S3_ENDPOINT).host];
    for (const host of hosts) expect(Object.keys(compose.services)).toContain(host.split(':')[0]);
  });

  test('the one-shot Temporal setup registers the search attributes the runs are started with', () => {
    const script = (compose.services['temporal-setup'].command ?? []).join('\n');
    expect(script).toContain(`for name in ${Object.keys(CUSTOM_SEARCH_ATTRIBUTES).join(' ')}; do`);
  });
});
