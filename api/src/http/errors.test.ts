// @backend-agnostic: the problem+json answers of validation, before any SQL.
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { bodyTooLarge, NUL_IN_TEXT } from './errors';
import { MAX_DEPTH, REFUSALS } from './hostile-values';
import { likeTheApiClient } from '../testing/identity';
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
  // Bytes the generic checks cannot look into (as an SBOM's or an uploaded file's), read as text.
  app.register(async (raw) => {
    raw.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/api/test/store', { config: { permission: 'public' } }, async (request) =>
      app.database.query('SELECT $1::text AS text', [(request.body as Buffer).toString('utf8')]),
    );
  });
  app.post('/api/test/small', { config: { permission: 'public' }, bodyLimit: 1024 }, async (request) => request.body);
  app.post(
    '/api/test/counts',
    {
      config: { permission: 'public' },
      schema: {
        querystring: { type: 'object', properties: { offset: { type: 'integer', minimum: 0 } } },
        body: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { count: { type: 'integer' } } } } } },
      },
    },
    async (request) => ({ query: request.query, body: request.body }),
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

it('answers a body that fails its schema with a 400 problem naming the field in its detail', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'too long' } });
  expectProblem(response, 400, 'Bad Request', "Data is not valid: 'name' must NOT have more than 5 characters.");
  expect(response.json().errors).toEqual([{ field: 'body.name', message: 'must NOT have more than 5 characters' }]);

  const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
  expectProblem(missing, 400, 'Bad Request', "Data is not valid: 'name' is required.");
  expect(missing.json().errors).toEqual([{ field: 'body.name', message: 'is required' }]);

  const array = await app.inject({ method: 'POST', url: '/api/test/echo', payload: [{ name: 'a' }] });
  expectProblem(array, 400, 'Bad Request', 'Data is not valid: the body must be object.');
});

it('holds an integer without a range of its own to int4, the columns it lands in, naming the field', async () => {
  const nested = await app.inject({ method: 'POST', url: '/api/test/counts', payload: { items: [{ count: 1 }, { count: 2 }, { count: 2147483648 }] } });
  expectProblem(nested, 400, 'Bad Request', "Data is not valid: 'items[2].count' must be <= 2147483647.");
  expect(nested.json().errors).toEqual([{ field: 'body.items[2].count', message: 'must be <= 2147483647' }]);
  const low = await app.inject({ method: 'POST', url: '/api/test/counts', payload: { items: [{ count: -2147483649 }] } });
  expectProblem(low, 400, 'Bad Request', "Data is not valid: 'items[0].count' must be >= -2147483648.");
  const query = await app.inject({ method: 'POST', url: `/api/test/counts?offset=${'9'.repeat(30)}`, payload: {} });
  expectProblem(query, 400, 'Bad Request', "Data is not valid: the query parameter 'offset' must be <= 2147483647.");
  // A bound the schema gives itself stays.
  expectProblem(await app.inject({ method: 'POST', url: '/api/test/counts?offset=-1', payload: {} }), 400, 'Bad Request', "Data is not valid: the query parameter 'offset' must be >= 0.");
  const fine = await app.inject({ method: 'POST', url: '/api/test/counts?offset=2147483647', payload: { items: [{ count: -2147483648 }] } });
  expect(fine.json()).toEqual({ query: { offset: 2147483647 }, body: { items: [{ count: -2147483648 }] } });
  // The OpenAPI document says it too.
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const offset = document.paths['/api/requirements'].get.parameters.find((parameter: { name: string }) => parameter.name === 'offset');
  expect(offset.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: 2147483647 });
});

it('refuses text Postgres cannot store and numbers JSON.parse made infinite with 400 naming the field, before the route runs', async () => {
  const sent = (payload: string) => app.inject({ method: 'POST', url: '/api/test/counts', headers: { 'content-type': 'application/json' }, payload });
  const cases: Array<[string, string]> = [
    ['{"name":"x\\ud800"}', `'name' ${REFUSALS.surrogate}`],
    ['{"items":[{},{"name":"\\udc00x"}]}', `'items[1].name' ${REFUSALS.surrogate}`],
    ['{"items":[{"name":"\\ude00\\ud83d"}]}', `'items[0].name' ${REFUSALS.surrogate}`],
    [`{"items":[{"count":${'9'.repeat(400)}}]}`, `'items[0].count' ${REFUSALS.infinite}`],
    ['{"a":{"b c":["ok","\\u0000"]}}', `'a["b c"][1]' ${REFUSALS.nul}`],
    ['{"x\\u0000":1}', `'["x\\u0000"]' (a property name) ${REFUSALS.nul}`],
    ['-1e999', `the body ${REFUSALS.infinite}`],
    ['['.repeat(100_000) + ']'.repeat(100_000), `'${'[0]'.repeat(MAX_DEPTH)}' ${REFUSALS.deep}`],
  ];
  for (const [payload, detail] of cases) expectProblem(await sent(payload), 400, 'Bad Request', `Data is not valid: ${detail}.`);
  // A pair is text like any other; so is a lone surrogate's escape written out as text.
  expect((await sent('{"items":[{"name":"\\ud83d\\ude00 \\\\ud800"}]}')).statusCode).toBe(200);
  const query = await app.inject({ method: 'GET', url: '/api/test/lookup?text=a%00b' });
  expectProblem(query, 400, 'Bad Request', `Data is not valid: the query parameter 'text' ${REFUSALS.nul}.`);
  expect(query.json().errors).toEqual([{ field: 'querystring.text', message: REFUSALS.nul }]);
});

it('refuses a body over the route limit with 413 as it arrives, saying the limit', async () => {
  const declared = await app.inject({ method: 'POST', url: '/api/test/small', payload: { text: 'x'.repeat(2000) } });
  expectProblem(declared, 413, 'Payload Too Large', bodyTooLarge(1024));
  expect(bodyTooLarge(1024)).toBe('The request body is larger than the 1 KiB this call accepts.');
  // No Content-Length and no end: counted as it arrives, refused without waiting for the rest.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { status, detail, sent } = await new Promise<{ status: number; detail: string; sent: number }>((resolve, reject) => {
    let written = 0;
    const request = httpRequest(`${address}/api/test/small`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, detail: JSON.parse(Buffer.concat(chunks).toString()).detail, sent: written });
        request.destroy();
      });
    });
    request.on('error', reject);
    const pump = () => {
      // Written on until the answer comes: a server waiting for the end would never give one.
      while (!request.destroyed && written < 64 * 1024 * 1024 && request.write('x'.repeat(256))) written += 256;
      if (!request.destroyed && written < 64 * 1024 * 1024) request.once('drain', pump);
    };
    pump();
  });
  expect({ status, detail }).toEqual({ status: 413, detail: bodyTooLarge(1024) });
  expect(sent).toBeLessThan(64 * 1024 * 1024);
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

it('answers a value the database cannot hold (a NUL character) in bytes it reads with a 400 problem, not a 500', async () => {
  const store = (text: string) => app.inject({ method: 'POST', url: '/api/test/store', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from(text) });
  expect((await store('abc')).statusCode).toBe(200);
  expectProblem(await store('a\u0000b'), 400, 'Bad Request', NUL_IN_TEXT);
});
