// Fastify compiles every route's request validators (ajv) and response serializers
// (fast-json-stringify) while the app starts: about 250 routes, most of a second on these
// machines, paid by every API test file and by every start of the API. The compilers below are
// fastify's own, each route's functions compiled at its first request instead, then kept.
// A schema that cannot compile fails that route's requests (500), not the start: the route table
// and hostile-request suites call every route.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<Route, Compiled> = (route: Route) => Compiled;

/**
 * A function that compiles on its first call. ajv's validators report through their `errors`
 * property, which fastify reads after a call: the wrapper answers the compiled function's.
 */
function lazily<Route, Compiled extends (...args: never[]) => unknown>(compile: Compile<Route, Compiled>): Compile<Route, Compiled> {
  return (route) => {
    let compiled: Compiled | undefined;
    const run = function (this: unknown, ...args: Parameters<Compiled>): ReturnType<Compiled> {
      compiled ??= compile(route);
      return compiled.apply(this, args) as ReturnType<Compiled>;
    };
    Object.defineProperty(run, 'errors', { get: () => (compiled as { errors?: unknown } | undefined)?.errors });
    return run as unknown as Compiled;
  };
}

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Builder = (externalSchemas: unknown, options: unknown) => Compile<unknown, (...args: never[]) => unknown>;

/** `schemaController` for Fastify(): the default compilers, each route's compiled when first used. */
export function lazySchemaCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const validator = AjvCompiler() as unknown as Builder;
  const serializer = SerializerSelector() as unknown as Builder;
  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, options: unknown) => lazily(validator(externalSchemas, options)),
    buildSerializer: (externalSchemas: unknown, options: unknown) => lazily(serializer(externalSchemas, options)),
  } as unknown as Factories;
  return { compilersFactory };
}
