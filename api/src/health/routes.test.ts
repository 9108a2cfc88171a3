import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';

let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config });
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const expectedKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

it('reports the API and its database up', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok', database: { status: 'up', kind: expectedKind } });
});

it('answers 503 with the database down when the database does not answer', async () => {
  await app.database.close();
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 'unavailable', database: { status: 'down', kind: expectedKind } });
});
