// What applying the templates answered, in a sentence: the checks added per requirement, and the
// ones skipped with why.
import type { ComplianceTemplateApplyResult, ComplianceTemplateSkip } from '@portal/shared/compliance';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const SKIPS: Record<ComplianceTemplateSkip, string> = {
  'not-in-catalog': 'not in the catalog',
  'already-applied': 'already there',
  'too-many-checks': 'the requirement has 20 checks',
};

/** 'Added 7 checks to RA-5, SI-2, CM-8. Skipped 2: SA-11, SR-4 (not in the catalog).' */
export function applyResultText(result: ComplianceTemplateApplyResult): string {
  const codes = [...new Set(result.added.map((entry) => entry.code))];
  const added = result.added.length === 0 ? 'No check added.' : `Added ${plural(result.added.length, 'check')} to ${codes.join(', ')}.`;
  if (result.skipped.length === 0) return added;
  const groups = Object.entries(SKIPS)
    .map(([reason, words]) => {
      const names = [...new Set(result.skipped.filter((entry) => entry.reason === reason).map((entry) => entry.code ?? entry.control_id.toUpperCase()))];
      return names.length === 0 ? null : `${names.join(', ')} (${words})`;
    })
    .filter((group) => group !== null);
  return `${added} Skipped ${result.skipped.length}: ${groups.join('; ')}.`;
}
