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
}

async function apiEnvironment(): Promise<Record<string, string>> {
  const compose: { services: Record<string, ComposeService> } = parse(
    await readFile(path.join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8'),
  );
  const environment = compose.services.api?.environment;
  if (!environment) throw new Error('docker-compose.yml has no api service with an environment');
  const entries = Array.isArray(environment)
    ? environment.map((entry) => {
        const [name, ...value] = entry.split('=');
        return [name, value.join('=')];
      })
    : Object.entries(environment).map(([name, value]) => [name, String(value ?? '')]);
  return Object.fromEntries(entries);
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
