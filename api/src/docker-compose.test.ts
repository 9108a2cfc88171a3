import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTES } from '@portal/shared/server';
import { parse } from 'yaml';
import { ENVIRONMENT_VARIABLES, loadConfig, REPOSITORY_ROOT } from './config';
import { loadRemoteManifests } from './static/remotes';

// docker-compose.yml cannot run on the machines that build this (no Docker): it stays correct by
// construction, sharing its variables with what the API reads and its remotes.json with the host.

interface ComposeService {
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: unknown[];
  network_mode?: string;
}

const readCompose = async (): Promise<{ services: Record<string, ComposeService> }> =>
  parse(await readFile(path.join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8'));

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

async function apiEnvironment(): Promise<Record<string, string>> {
  const environment = environmentOf((await readCompose()).services.api, 'api');
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value)]));
}

it('sets only variables the API reads, with values it accepts', async () => {
  const environment = await apiEnvironment();
  const unknown = Object.keys(environment).filter((name) => !(ENVIRONMENT_VARIABLES as readonly string[]).includes(name));
  expect(unknown).toEqual([]);
  const config = loadConfig(environment);
  expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  expect(config.host).toBe('0.0.0.0');
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
