import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { NUL_IN_TEXT } from './errors';
import { likeTheApiClient } from '../identity/testing';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';

let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config }));
  // Routes of the shape later issues add, to see how the API answers their failures.
  app.post(
    '/api/test/echo',
    {
      config: { permission: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 5 } },
        },
      },
    },
    async (request) => request.body,
  );
  app.get('/api/test/lookup', { config: { permission: 'public' } }, async (request) =>
    app.database.query('SELECT $1::text AS text', [(request.query as { text: string }).text]),
  );
  app.get('/api/test/crash', { config: { permission: 'public' } }, async () => {
    throw new Error('secret internals: connection string postgres://user:pw@db');
  });
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

function expectProblem(
  response: Awaited<ReturnType<FastifyInstance['inject']>>,
  status: number,
  title: string,
  detail: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: 'about:blank', title, status, detail });
}

it('answers an unknown API route with a 404 problem', async () => {
  for (const method of ['GET', 'DELETE'] as const) {
    const response = await app.inject({ method, url: '/api/no/such/thing' });
    expectProblem(response, 404, 'Not Found', 'The requested resource does not exist.');
  }
});

it('answers a malformed JSON body with a 400 problem', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': 'application/json' },
    payload: '{"name": "ab',
  });
  expectProblem(response, 400, 'Bad Request', 'Data is not valid.');
});

it('answers a body that fails its schema with a 400 problem naming the field', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'too long' } });
  expectProblem(response, 400, 'Bad Request', 'Data is not valid.');
  expect(response.json().errors).toEqual([{ field: 'body.name', message: expect.any(String) }]);

  const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
  expect(missing.json().errors).toEqual([{ field: 'body.name', message: expect.any(String) }]);
});

it('passes a valid body through', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok' } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ name: 'ok' });
});

it('answers an unexpected failure with a 500 problem that reveals nothing', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
  expectProblem(response, 500, 'Internal Server Error', 'Unable to process your request. Please try again later.');
  expect(response.body).not.toContain('secret');
});

it('tags every answer with a request id, reusing the caller’s', async () => {
  const fresh = await app.inject({ method: 'GET', url: '/api/health' });
  expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
  expect(given.headers['x-request-id']).toBe('trace-42');
});

it('answers a value the database cannot hold (a NUL character) with a 400 problem, not a 500', async () => {
  expect((await app.inject({ method: 'GET', url: '/api/test/lookup?text=abc' })).statusCode).toBe(200);
  const response = await app.inject({ method: 'GET', url: '/api/test/lookup?text=a%00b' });
  expectProblem(response, 400, 'Bad Request', NUL_IN_TEXT);
});
