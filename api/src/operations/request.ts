// What a findings route reads of its request: the filter of its query in the caller's process,
// with the categories the caller may see, and the process as its events' audience.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import type { EventScope } from '../realtime/audience';
import type { FindingFilter } from './findings.repository';
import { visibleFindings } from './permissions';
import type { FindingsFilterQuery } from './query';
import { filterOf } from './service';

export function filterOfRequest(app: FastifyInstance, request: FastifyRequest, query: FindingsFilterQuery): FindingFilter {
  return filterOf(organizationOf(request), processOf(request).id, visibleFindings(callerOf(request)), query, app.identity.now());
}

/** The caller's process as the audience of the events a findings route raises. */
export function eventScope(request: FastifyRequest): EventScope {
  const process = processOf(request);
  return { organizationId: organizationOf(request), processId: process.id, processCode: process.code_name };
}
