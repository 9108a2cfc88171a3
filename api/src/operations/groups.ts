// GET security/findings/groups (issue 24 item 5): the findings of a list's filter counted by a
// dimension — the cloud screens' accounts, regions, standards and controls, the overview's top
// rules and resources — the largest groups first, each with its counts per severity.
import type { FastifyInstance } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { VIEW_FINDINGS, visibleCategories } from './permissions';
import { parseGroupsQuery } from './query';
import { filterOf, findingGroupsOf } from './service';

const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;

export async function findingGroupsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/security/findings/groups',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags: ['security'],
        summary:
          "The findings of the list's filter counted by a dimension ('by': account, region, service, provider, standard, rule, resource, scope or tool): " +
          'the largest groups first (limit, default 20), each with its counts per severity, and how many groups there are',
        response: {
          200: {
            type: 'object',
            properties: {
              by: { type: 'string' },
              groups: { type: 'array', items: { type: 'object', properties: { key: { type: ['string', 'null'] }, count: { type: 'integer' }, severity: counts } } },
              total: { type: 'integer' },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const query = parseGroupsQuery(request.query);
      const filter = filterOf(organizationOf(request), processOf(request).id, visibleCategories(callerOf(request)), query);
      return findingGroupsOf(app.database, filter, query.by, query.limit);
    },
  );
}
