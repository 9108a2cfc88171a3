// A finding's links to requirements (issue 24 item 1): PUT security/findings/{id}/requirements
// replaces the set with the process's live requirements named (none: every link removed). Linking
// is part of triage: the same permission, on a finding the caller sees; another process's
// finding or requirement is a 404 and nothing changes.
import { FINDING_REQUIREMENTS_MAX } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { TRIAGE_FINDINGS, visibleFindings } from './permissions';
import { linkFindingRequirements } from './service';

export const LINK_MESSAGES = {
  body: `Send { "requirement_ids": [...] }: the ids of the process's requirements, at most ${FINDING_REQUIREMENTS_MAX} (an empty list removes every link).`,
  finding: 'No such finding in this process.',
  requirements: 'Some of these requirements are not live requirements of this process: nothing was linked.',
} as const;

/** The body's requirement ids, distinct and lower-cased; a 400 naming `requirement_ids` otherwise. */
export function parseRequirementIds(body: unknown): string[] {
  const ids = (body as { requirement_ids?: unknown } | null)?.requirement_ids;
  const refuse = () => new ApiProblem(400, LINK_MESSAGES.body, {}, { requirement_ids: LINK_MESSAGES.body });
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).some((key) => key !== 'requirement_ids')) throw refuse();
  if (!Array.isArray(ids) || ids.length > FINDING_REQUIREMENTS_MAX || ids.some((id) => typeof id !== 'string')) throw refuse();
  // An id that cannot be a requirement's is no requirement of this process.
  if ((ids as string[]).some((id) => !isUuid(id))) throw new ApiProblem(404, LINK_MESSAGES.requirements);
  return [...new Set((ids as string[]).map((id) => id.toLowerCase()))];
}

const linkAnswer = {
  type: 'object',
  properties: { requirements: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' } } } } },
} as const;

export async function findingLinkRoutes(app: FastifyInstance): Promise<void> {
  app.put(
    '/security/findings/:id/requirements',
    {
      config: { permission: TRIAGE_FINDINGS },
      schema: {
        tags: ['security'],
        summary: "Links a finding to the process's requirements (`requirement_ids`, at most 50; the set replaced, an empty list unlinks them all)",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        querystring: { type: 'object', properties: { graph: { type: 'string' } } },
        response: { 200: linkAnswer, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      if (!isUuid(id)) throw new ApiProblem(404, LINK_MESSAGES.finding);
      const requirementIds = parseRequirementIds(request.body);
      const caller = callerOf(request);
      const process = processOf(request);
      const answer = await linkFindingRequirements(
        app.database,
        { organizationId: organizationOf(request), processId: process.id, processCode: process.code_name },
        visibleFindings(caller),
        id.toLowerCase(),
        requirementIds,
        { userId: caller.user.id, sessionId: caller.session.record.id, now: app.identity.now() },
      );
      if (answer === 'finding') throw new ApiProblem(404, LINK_MESSAGES.finding);
      if (answer === 'requirements') throw new ApiProblem(404, LINK_MESSAGES.requirements);
      return { requirements: answer };
    },
  );
}
