// Every kind of check with its evaluator (docs/compliance.md, "Check kinds").
import type { ComplianceCheckKind } from '@portal/shared/server';
import type { Facts } from '../facts';
import type { Evaluation } from '../reasons';
import { evaluateActiveExploit } from './active-exploit';
import { evaluateCloudControl } from './cloud-control';
import type { CheckToEvaluate, Evaluator } from './common';
import { evaluateEvidenceFile } from './evidence-file';
import { evaluateLicenseCategory } from './license-category';
import { evaluateOpenFindings } from './open-findings';
import { evaluateRecurringTask } from './recurring-task';
import { evaluateSbomFresh } from './sbom-fresh';
import { evaluateSbomProvenance } from './sbom-provenance';

export type { CheckToEvaluate };

const EVALUATORS: { [K in ComplianceCheckKind]: Evaluator<K> } = {
  'open-findings': evaluateOpenFindings,
  'active-exploit': evaluateActiveExploit,
  'sbom-fresh': evaluateSbomFresh,
  'license-category': evaluateLicenseCategory,
  'cloud-control': evaluateCloudControl,
  'evidence-file': evaluateEvidenceFile,
  'recurring-task': evaluateRecurringTask,
  'sbom-provenance': evaluateSbomProvenance,
};

/** The check's status and reasons from the facts. */
export function evaluateCheck(check: CheckToEvaluate, facts: Facts): Promise<Evaluation> {
  return (EVALUATORS[check.kind] as Evaluator<ComplianceCheckKind>)(check, facts);
}
