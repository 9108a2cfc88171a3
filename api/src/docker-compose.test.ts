import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTES } from '@portal/shared/server';
import { parse } from 'yaml';
import { COMMANDS } from './cli';
import { DEFAULT_WORKER_MAX_HEAP_MB } from './cli/worker';
import { ENVIRONMENT_VARIABLES, loadConfig, REPOSITORY_ROOT } from './config';
import { jobWorkersOn } from './jobs/index';
import { loadRemoteManifests } from './static/remotes';

// docker-compose.yml cannot run on the machines that build this (no Docker): it stays correct by
// construction, sharing its variables with what the API reads and its remotes.json with the host.

interface ComposeService {
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: unknown[];
  network_mode?: string;
  container_name?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  image?: string;
  command?: string[] | string;
  volumes?: string[];
  deploy?: { replicas?: number };
}

/** Merge keys (`<<: *anchor`) as compose reads them: the API and the worker share their settings that way. */
const readCompose = async (): Promise<{ services: Record<string, ComposeService> }> =>
  parse(await readFile(path.join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

/** Variables a process reads outside loadConfig: JOB_WORKERS (jobs/create.ts). */
const READ_OUTSIDE_CONFIG = ['JOB_WORKERS'];

/** The broker account compose takes from `.env` (values a user would choose). */
const ENV_FILE: Record<string, string> = { RABBITMQ_USER: 'portal-api', RABBITMQ_PASSWORD: 'Zq7-long-random' };

/**
 * A value as compose reads it with ENV_FILE: `${NAME:?message}` (required) is replaced, and any
 * other form of variable — above all one with a default, `${NAME:-value}` — fails the test.
 */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)([^}]*)\}/g, (whole, name: string, rest: string) => {
    if (!/^:\?.+/.test(rest)) throw new Error(`${whole}: a variable of docker-compose.yml must be required (\${${name}:?…}), with no default`);
    const chosen = ENV_FILE[name];
    if (chosen === undefined) throw new Error(`${whole}: not a variable the compose file documents`);
    return chosen;
  });
}

function environmentOf(service: ComposeService | undefined, serviceName: string): Record<string, string> {
  const environment = service?.environment;
  if (!environment) throw new Error(`docker-compose.yml has no ${serviceName} service with an environment`);
  const entries = Array.isArray(environment)
    ? environment.map((entry) => {
        const [name, ...value] = entry.split('=');
        return [name, value.join('=')];
      })
    : Object.entries(environment).map(([name, value]) => [name, String(value ?? '')]);
  return Object.fromEntries(entries);
}

async function serviceEnvironment(name: 'api' | 'worker'): Promise<Record<string, string>> {
  const environment = environmentOf((await readCompose()).services[name], name);
  return Object.fromEntries(Object.entries(environment).map(([variable, value]) => [variable, interpolate(value)]));
}
const apiEnvironment = () => serviceEnvironment('api');

it.each(['api', 'worker'] as const)('sets only variables the %s reads, with values it accepts', async (name) => {
  const environment = await serviceEnvironment(name);
  const unknown = Object.keys(environment).filter((variable) => ![...ENVIRONMENT_VARIABLES, ...READ_OUTSIDE_CONFIG].includes(variable));
  expect(unknown).toEqual([]);
  const config = loadConfig(environment);
  expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  if (name === 'api') expect(config.host).toBe('0.0.0.0');
});

describe('the API and the job workers, each scaled on its own', () => {
  it('runs api (HTTP, no jobs) and worker (`portal worker`, jobs) from one image', async () => {
    const { services } = await readCompose();
    const { api, worker } = services;
    expect(api?.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile', target: 'api' });
    expect(worker?.build).toEqual(api?.build);
    expect(worker?.image).toBe(api?.image);
    // The API answers requests and sends jobs; the workers run them.
    const apiEnv = await serviceEnvironment('api');
    expect(apiEnv.JOB_WORKERS).toBe('off');
    expect(jobWorkersOn(apiEnv)).toBe(false);
    expect(api?.command).toBeUndefined();
    const workerEnv = await serviceEnvironment('worker');
    expect(jobWorkersOn(workerEnv)).toBe(true);
    // The image's sources, run by node with tsx's loader (the root package's dependency): the CLI's worker command.
    expect(worker?.command).toEqual(['node', `--max-old-space-size=${DEFAULT_WORKER_MAX_HEAP_MB}`, '--import', 'tsx', 'api/src/cli.ts', 'worker']);
    // The heap limit it starts with is the one it checks against (cli/worker.ts).
    expect(loadConfig(workerEnv).workerMaxHeapMb).toBe(DEFAULT_WORKER_MAX_HEAP_MB);
    expect(Object.keys(COMMANDS)).toContain('worker');
    const rootPackage = JSON.parse(await readFile(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
    expect({ ...rootPackage.dependencies, ...rootPackage.devDependencies }).toHaveProperty('tsx');
  });

  it('scales both: no container name, no published port, no host network, no fixed replica count', async () => {
    const { services } = await readCompose();
    for (const name of ['api', 'worker']) {
      const service = services[name];
      expect(service).toBeDefined();
      expect([name, service?.container_name, service?.ports, service?.network_mode, service?.deploy?.replicas]).toEqual([name, undefined, undefined, undefined, undefined]);
    }
  });

  it('shares one database, one broker and one DATA_DIR volume between them', async () => {
    const { services } = await readCompose();
    const [api, worker] = [loadConfig(await serviceEnvironment('api')), loadConfig(await serviceEnvironment('worker'))];
    expect(worker.databaseUrl).toBe(api.databaseUrl);
    // Several processes need the broker: an embedded one reaches only its own process's browsers.
    expect(api.rabbitmqUrl).toMatch(/^amqp:\/\//);
    expect(worker.rabbitmqUrl).toBe(api.rabbitmqUrl);
    expect(worker.smtpUrl).toBe(api.smtpUrl);
    expect(worker.dataDir).toBe(api.dataDir);
    const mount = `portaldata:${api.dataDir}`;
    expect(services.api?.volumes).toContain(mount);
    expect(services.worker?.volumes).toContain(mount);
  });

  it("has the host's nginx proxy to the service name, asking Docker's DNS again as replicas come and go", async () => {
    const nginx = await readFile(path.join(REPOSITORY_ROOT, 'deploy', 'nginx-host.conf'), 'utf8');
    expect(nginx).toMatch(/^\s*resolver 127\.0\.0\.11\b/m);
    expect(nginx).toMatch(/^\s*set \$api http:\/\/api:8080;/m);
    const targets = [...nginx.matchAll(/proxy_pass\s+([^;]+);/g)].map(([, target]) => target);
    expect(targets.length).toBeGreaterThanOrEqual(2);
    expect(new Set(targets)).toEqual(new Set(['$api']));
    expect((await readCompose()).services.api?.environment).toHaveProperty('PORT', '8080');
  });
});

it('maps every remote to an origin of its own in deploy/remotes.json', async () => {
  const manifests = await loadRemoteManifests(path.join(REPOSITORY_ROOT, 'deploy', 'remotes.json'));
  expect(Object.keys(manifests).sort()).toEqual([...REMOTES].sort());
  const origins = Object.values(manifests).map((url) => new URL(url).origin);
  expect(new Set(origins).size).toBe(REMOTES.length);
});

it('publishes no port of RabbitMQ: AMQP, Web-STOMP and the management UI are on the compose network only', async () => {
  const { services } = await readCompose();
  const rabbitmq = services.rabbitmq;
  expect(rabbitmq).toBeDefined();
  expect(rabbitmq?.ports).toBeUndefined();
  expect(rabbitmq?.network_mode).toBeUndefined();
  // Nothing else forwards to it either: browsers reach Web-STOMP only through the API's gateway.
  const nginx = await readFile(path.join(REPOSITORY_ROOT, 'deploy', 'nginx-host.conf'), 'utf8');
  expect(nginx).not.toMatch(/rabbitmq|15674|61613/);
  expect(loadConfig(await apiEnvironment()).rabbitmqStompUrl).toBe('ws://rabbitmq:15674/ws');
});

it('writes no broker account into the files: the API and RabbitMQ take the same one from .env', async () => {
  const { services } = await readCompose();
  const rabbitmq = environmentOf(services.rabbitmq, 'rabbitmq');
  expect(interpolate(rabbitmq.RABBITMQ_DEFAULT_USER ?? '')).toBe(ENV_FILE.RABBITMQ_USER);
  expect(interpolate(rabbitmq.RABBITMQ_DEFAULT_PASS ?? '')).toBe(ENV_FILE.RABBITMQ_PASSWORD);
  const url = new URL(loadConfig(await apiEnvironment()).rabbitmqUrl ?? '');
  expect([url.username, url.password, url.host]).toEqual([ENV_FILE.RABBITMQ_USER, ENV_FILE.RABBITMQ_PASSWORD, 'rabbitmq:5672']);
  const conf = await readFile(path.join(REPOSITORY_ROOT, 'deploy', 'rabbitmq.conf'), 'utf8');
  expect(conf).not.toMatch(/^\s*default_(user|pass)\s*=/m);
  const compose = await readFile(path.join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8');
  expect(compose).not.toMatch(/amqp:\/\/[^$\s]*@/);
  expect(compose).not.toMatch(/RABBITMQ_DEFAULT_(USER|PASS):\s*[^$\s]/);
});
