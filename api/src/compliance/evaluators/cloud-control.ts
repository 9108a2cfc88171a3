// cloud-control: a cloud control passes on every resource — no open finding of it (Security Hub
// control id such as S3.1, its standard's generator id, a Prowler check id, a Defender assessment
// key) in scope. "Every resource" is every resource the last imports reported on: a control that
// fails nowhere passes. The resources the imports reported passing it (ASFF PASSED, Prowler PASS,
// a Defender assessment Healthy; security_control_passes, migration 047) are told and listed:
// "passes on N resources". Not evaluated until cloud findings were imported into the scope (a
// sync or an upload of a cloud's export).
import { listed, plural } from '../reasons';
import { findingScopeTest, scopeWords } from '../scope';
import { bySeverityAndAge, securityReason, type Evaluator } from './common';

export const evaluateCloudControl: Evaluator<'cloud-control'> = async (check, facts) => {
  const { controls } = check.params;
  const inScopeTest = findingScopeTest(check.scope, await facts.applications());
  if (!(await facts.findingScopes()).some((imported) => imported.cloud && inScopeTest(imported.scope))) {
    return { status: 'not_evaluated', summary: `No cloud findings were imported into ${scopeWords(check.scope)} yet.`, reasons: [] };
  }
  const failing = (await facts.controlFindings(controls)).filter((finding) => inScopeTest(finding.scope));
  const named = listed(controls);
  if (failing.length === 0) {
    const passes = (await facts.controlPasses(controls)).filter((pass) => inScopeTest(pass.scope));
    const where = scopeWords(check.scope);
    if (passes.length === 0) return { status: 'passing', summary: `${named} ${controls.length === 1 ? 'fails' : 'fail'} on no resource of ${where}.`, reasons: [] };
    const resources = new Set(passes.map((pass) => pass.resource));
    return {
      status: 'passing',
      summary: `${named} ${controls.length === 1 ? 'passes' : 'pass'} on ${plural(resources.size, 'resource')} of ${where} and ${controls.length === 1 ? 'fails' : 'fail'} on none.`,
      // The resources it passes on (no link: a passed control is no finding of the portal).
      reasons: passes.map((pass) => ({ kind: 'resource', id: `${pass.control}@${pass.resource}`, label: `${pass.control}: passes on ${pass.resource}`, link: null, category: 'cloud-posture', provider: pass.provider })),
      reasonTotal: passes.length,
    };
  }
  const resources = new Set(failing.map((finding) => `${finding.control}\n${finding.resource ?? finding.scope}`));
  const ordered = failing.map((finding) => ({ ...finding, since: finding.first_seen })).sort(bySeverityAndAge);
  return {
    status: 'failing',
    summary: `${named} ${controls.length === 1 ? 'fails' : 'fail'} on ${plural(resources.size, 'resource')} of ${scopeWords(check.scope)}.`,
    reasons: ordered.map((finding) => {
      const reason = securityReason(finding, facts.now, 'resource');
      return { ...reason, label: `${finding.control}: ${reason.label}` };
    }),
  };
};
