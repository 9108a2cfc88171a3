// OSCAL 1.1.2 assessment results (JSON) of a process's live compliance, or of one standard's
// (docs/compliance.md, "Exports"): one result whose reviewed controls are the requirements with
// checks; an observation per check (its description, its result's summary, and its reasons as the
// relevant evidence, each a link into the portal); a finding per requirement whose target is the
// control's statement, satisfied when the requirement passes, with the observations it rests on.
// The assessment platform is the portal; there is no separate assessment plan: import-ap points at
// a back-matter resource saying so. UUIDs are name-based: the same requirement's finding and the
// same check's observation keep theirs across exports.
import { randomUUID } from 'node:crypto';
import type { ComplianceCheck, ComplianceStatus } from '@portal/shared/server';
import { absolute, nameUuid, oneLine } from './ids';

export const OSCAL_VERSION = '1.1.2';
/** The namespace of the portal's own props. */
export const PORTAL_NS = 'urn:portal:compliance';

export interface OscalRequirement {
  id: string;
  code: string;
  title: string;
  source: string | null;
  status: ComplianceStatus;
  evaluated_at: string | null;
  checks: ComplianceCheck[];
}

export interface OscalInput {
  now: Date;
  publicUrl: string;
  organization: { id: string; name: string };
  process: { id: string; code: string; name: string };
  standard: { id: string; title: string; version: string } | null;
  requirements: OscalRequirement[];
}

/** OSCAL's token: a letter or '_', then letters, digits, '.', '-' or '_'. */
const TOKEN = /^(\p{L}|_)(\p{L}|\p{N}|[.\-_])*$/u;

/** The control id a requirement is assessed as: its OSCAL id when imported, else one made of its code. */
export function controlIdOf(requirement: Pick<OscalRequirement, 'code' | 'source'>): string {
  if (requirement.source && TOKEN.test(requirement.source)) return requirement.source;
  const token = requirement.code.toLowerCase().replace(/[^\p{L}\p{N}._-]+/gu, '-');
  return TOKEN.test(token) ? token : `req-${token}`;
}

const prop = (name: string, value: string) => ({ name, ns: PORTAL_NS, value: oneLine(value, '-') });

const STATE: Record<ComplianceStatus, { state: 'satisfied' | 'not-satisfied'; reason: 'pass' | 'fail' | 'other' }> = {
  passing: { state: 'satisfied', reason: 'pass' },
  failing: { state: 'not-satisfied', reason: 'fail' },
  not_evaluated: { state: 'not-satisfied', reason: 'other' },
};

const WORDS: Record<ComplianceStatus, string> = { passing: 'passes', failing: 'fails', not_evaluated: 'could not be evaluated' };

function observation(check: ComplianceCheck, input: OscalInput, platform: string) {
  const { result } = check;
  const evidence = result.reasons.map((reason) => ({
    ...(reason.link ? { href: absolute(input.publicUrl, reason.link) } : {}),
    description: oneLine(reason.label, reason.id),
    props: [prop('reason-kind', reason.kind)],
  }));
  const untold = result.reason_total - result.reasons.length;
  return {
    uuid: nameUuid(`observation:${check.id}`),
    title: oneLine(check.description, check.kind),
    description: result.summary,
    props: [prop('check-kind', check.kind), prop('check-status', result.status), prop('check-id', check.id)],
    methods: ['TEST'],
    origins: [{ actors: [{ type: 'assessment-platform', 'actor-uuid': platform }] }],
    ...(evidence.length > 0 ? { 'relevant-evidence': evidence } : {}),
    collected: result.evaluated_at ?? input.now.toISOString(),
    ...(untold > 0 ? { remarks: `${untold} more reasons were found (or are not shown to the exporting user) than listed here.` } : {}),
  };
}

export function assessmentResults(input: OscalInput): Record<string, unknown> {
  const scope = input.standard ? `${input.standard.title}${input.standard.version ? ` ${input.standard.version}` : ''}` : `process ${input.process.code}`;
  const subject = `${input.process.id}:${input.standard?.id ?? 'process'}`;
  const platform = nameUuid('assessment-platform');
  const plan = nameUuid(`assessment-plan:${subject}`);
  const party = nameUuid(`party:${input.organization.id}`);
  const now = input.now.toISOString();
  const times = input.requirements.flatMap((requirement) => requirement.checks.map((check) => check.result.evaluated_at)).filter((at): at is string => at !== null);
  const start = times.length > 0 ? times.reduce((a, b) => (a < b ? a : b)) : now;

  const observations = input.requirements.flatMap((requirement) => requirement.checks.map((check) => observation(check, input, platform)));
  const findings = input.requirements.map((requirement) => ({
    uuid: nameUuid(`finding:${requirement.id}`),
    title: oneLine(`${requirement.code} ${requirement.title}`, requirement.code),
    description: `${requirement.code} ${WORDS[requirement.status]} its compliance checks: ${requirement.checks.filter((check) => check.result.status === 'passing').length} of ${requirement.checks.length} pass.`,
    props: [prop('requirement-id', requirement.id), prop('requirement-code', requirement.code), prop('compliance-status', requirement.status)],
    links: [{ href: absolute(input.publicUrl, `/requirements?id=${encodeURIComponent(requirement.id)}`), rel: 'reference', text: requirement.code }],
    origins: [{ actors: [{ type: 'assessment-platform', 'actor-uuid': platform }] }],
    target: {
      type: 'statement-id',
      'target-id': `${controlIdOf(requirement)}_smt`,
      status: { state: STATE[requirement.status].state, reason: STATE[requirement.status].reason },
    },
    ...(requirement.checks.length > 0 ? { 'related-observations': requirement.checks.map((check) => ({ 'observation-uuid': nameUuid(`observation:${check.id}`) })) } : {}),
  }));
  const controls = [...new Set(input.requirements.map(controlIdOf))];

  return {
    'assessment-results': {
      uuid: nameUuid(`assessment-results:${subject}`),
      metadata: {
        title: `Live compliance of ${scope}`,
        'last-modified': now,
        version: now,
        'oscal-version': OSCAL_VERSION,
        props: [prop('process', input.process.code), ...(input.standard ? [prop('standard-id', input.standard.id)] : [])],
        parties: [{ uuid: party, type: 'organization', name: oneLine(input.organization.name, 'Organization') }],
      },
      'import-ap': { href: `#${plan}`, remarks: 'No separate assessment plan: the plan is the compliance checks configured on the requirements (see the back matter).' },
      results: [
        {
          uuid: randomUUID(),
          title: `Live compliance of ${scope} at ${now}`,
          description: `The automated compliance checks of ${scope} in process ${input.process.name}, each evaluated against the evidence the portal holds (SBOMs, VEX, security findings, evidence files, recurring tasks).`,
          start,
          end: now,
          'local-definitions': { 'assessment-assets': { 'assessment-platforms': [{ uuid: platform, title: 'Portal live compliance' }] } },
          'reviewed-controls': {
            'control-selections': [controls.length > 0 ? { 'include-controls': controls.map((id) => ({ 'control-id': id })) } : { description: 'No requirement in scope has compliance checks.' }],
          },
          ...(observations.length > 0 ? { observations } : {}),
          ...(findings.length > 0 ? { findings } : {}),
        },
      ],
      'back-matter': {
        resources: [
          {
            uuid: plan,
            title: 'Assessment plan: the compliance checks of the requirements',
            description: `Each requirement of ${scope} carries automated checks over a scope (applications, repositories, cloud accounts, the process) with their parameters; the portal evaluates them when their evidence changes and on a schedule.`,
            rlinks: [{ href: absolute(input.publicUrl, '/requirements') }],
          },
        ],
      },
    },
  };
}
