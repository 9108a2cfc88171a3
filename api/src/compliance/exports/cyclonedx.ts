// A CycloneDX 1.6 attestation of an application (docs/compliance.md, "Exports"): the standards its
// requirements come from (definitions.standards, each requirement with its code, title and
// description), and the declarations — the portal as the (first-party) assessor, the application as
// the target, a claim per requirement that it meets the requirement (or a counter-claim that it does
// not), the evidence of each check (its summary and reasons, each a link into the portal; evidence
// of a passing check supports the claim, of a failing or unevaluated one counters it), and one
// attestation mapping every requirement to its claim with the share of its checks that pass as the
// conformance and the share that could be evaluated as the confidence.
import { randomUUID } from 'node:crypto';
import type { ComplianceCheck, ComplianceStatus } from '@portal/shared/server';
import { absolute, oneLine } from './ids';

export interface AttestedRequirement {
  id: string;
  code: string;
  title: string;
  description: string;
  /** The standard its family was imported from; null: written in the process. */
  standard: { id: string; title: string; version: string } | null;
  /** What the checks concerning the application conclude. */
  status: ComplianceStatus;
  checks: ComplianceCheck[];
}

export interface AttestationInput {
  now: Date;
  publicUrl: string;
  organization: string;
  process: { code: string; name: string };
  application: { app_key: string; name: string; build: { id: string; number: number } | null };
  requirements: AttestedRequirement[];
}

const ref = {
  assessor: 'assessor:portal',
  target: (appKey: string) => `target:${appKey}`,
  standard: (id: string | null) => `standard:${id ?? 'process'}`,
  requirement: (id: string) => `requirement:${id}`,
  claim: (id: string) => `claim:${id}`,
  evidence: (id: string) => `evidence:${id}`,
};

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

function standardsOf(input: AttestationInput) {
  const standards = new Map<string | null, { name: string; version: string; requirements: AttestedRequirement[] }>();
  for (const requirement of input.requirements) {
    const key = requirement.standard?.id ?? null;
    const entry = standards.get(key) ?? { name: requirement.standard?.title ?? `Requirements of process ${input.process.name}`, version: requirement.standard?.version ?? '', requirements: [] };
    entry.requirements.push(requirement);
    standards.set(key, entry);
  }
  return [...standards].map(([id, standard]) => ({
    'bom-ref': ref.standard(id),
    name: standard.name,
    ...(standard.version ? { version: standard.version } : {}),
    owner: input.organization,
    requirements: standard.requirements.map((requirement) => ({
      'bom-ref': ref.requirement(requirement.id),
      identifier: requirement.code,
      text: requirement.title,
      ...(requirement.description.trim() ? { descriptions: [requirement.description] } : {}),
      externalReferences: [{ type: 'other', url: absolute(input.publicUrl, `/requirements?id=${encodeURIComponent(requirement.id)}`), comment: 'The requirement in the portal' }],
    })),
  }));
}

function evidenceOf(check: ComplianceCheck, input: AttestationInput) {
  const { result } = check;
  return {
    'bom-ref': ref.evidence(check.id),
    propertyName: `portal:compliance:${check.kind}`,
    description: `${check.description}: ${result.summary}`,
    ...(result.reasons.length > 0
      ? { data: result.reasons.map((reason) => ({ name: oneLine(reason.label, reason.id), ...(reason.link ? { contents: { url: absolute(input.publicUrl, reason.link) } } : {}) })) }
      : {}),
    created: result.evaluated_at ?? input.now.toISOString(),
  };
}

export function attestation(input: AttestationInput): Record<string, unknown> {
  const { application } = input;
  const target = ref.target(application.app_key);
  const claims = input.requirements.map((requirement) => {
    const met = requirement.status === 'passing';
    const supporting = requirement.checks.filter((check) => check.result.status === 'passing').map((check) => ref.evidence(check.id));
    const countering = requirement.checks.filter((check) => check.result.status !== 'passing').map((check) => ref.evidence(check.id));
    return {
      'bom-ref': ref.claim(requirement.id),
      target,
      predicate: `${application.name} ${met ? 'meets' : requirement.status === 'failing' ? 'does not meet' : 'could not be shown to meet'} ${requirement.code} ${requirement.title}`,
      ...(supporting.length > 0 ? { evidence: supporting } : {}),
      ...(countering.length > 0 ? { counterEvidence: countering } : {}),
      reasoning: requirement.checks.map((check) => `${check.description}: ${check.result.summary}`).join('\n'),
    };
  });
  const met = input.requirements.filter((requirement) => requirement.status === 'passing').length;
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: input.now.toISOString(),
      tools: { components: [{ type: 'application', name: 'Portal live compliance', description: 'Automated compliance checks evaluated against SBOMs, VEX, security findings, evidence files and recurring tasks' }] },
      component: { type: 'application', name: application.name, ...(application.build ? { version: `build ${application.build.number}` } : {}) },
      properties: [
        { name: 'portal:process', value: input.process.code },
        { name: 'portal:application', value: application.app_key },
      ],
    },
    definitions: { standards: standardsOf(input) },
    declarations: {
      assessors: [{ 'bom-ref': ref.assessor, thirdParty: false, organization: { name: input.organization } }],
      attestations: [
        {
          summary: `${application.name} meets ${met} of ${input.requirements.length} requirements checked against its evidence (${input.now.toISOString()}).`,
          assessor: ref.assessor,
          map: input.requirements.map((requirement) => {
            const passing = requirement.checks.filter((check) => check.result.status === 'passing').length;
            const evaluated = requirement.checks.filter((check) => check.result.status !== 'not_evaluated').length;
            const claim = [ref.claim(requirement.id)];
            return {
              requirement: ref.requirement(requirement.id),
              ...(requirement.status === 'passing' ? { claims: claim } : { counterClaims: claim }),
              conformance: { score: share(passing, requirement.checks.length), rationale: `${passing} of ${requirement.checks.length} checks pass.` },
              confidence: { score: share(evaluated, requirement.checks.length), rationale: `${evaluated} of ${requirement.checks.length} checks could be evaluated against evidence.` },
            };
          }),
        },
      ],
      claims,
      evidence: input.requirements.flatMap((requirement) => requirement.checks.map((check) => evidenceOf(check, input))),
      targets: { components: [{ type: 'application', 'bom-ref': target, name: application.name, ...(application.build ? { version: `build ${application.build.number}` } : {}) }] },
    },
  };
}
