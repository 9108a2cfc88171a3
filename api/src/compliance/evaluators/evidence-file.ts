// evidence-file: a document of the evidence library linked to the requirement (in a folder or its
// subfolders, with a tag, when the check names them) is within its review-by date — today or later,
// or without one. Failing reasons: the linked documents past their date, or the requirement when
// nothing (matching) is linked. Always evaluated: the requirement itself is its scope.
import { dayOf, links, listed, plural, type StoredReason } from '../reasons';
import type { Evaluator } from './common';

export const evaluateEvidenceFile: Evaluator<'evidence-file'> = async (check, facts) => {
  const { folder, tag } = check.params;
  const matching = (await facts.evidence(check.requirement_id)).filter(
    (document) =>
      (folder === null || document.folder === folder || document.folder.startsWith(`${folder}/`)) &&
      (tag === null || document.tags.some((each) => each.toLowerCase() === tag.toLowerCase())),
  );
  const today = dayOf(facts.now);
  const path = (document: { folder: string; name: string }) => (document.folder ? `${document.folder}/${document.name}` : document.name);
  const current = matching.filter((document) => document.review_by === null || document.review_by >= today);
  const which = [folder !== null ? `in ${folder}` : '', tag !== null ? `tagged ${tag}` : ''].filter(Boolean).join(' ');
  const documents = `document${which ? ` ${which}` : ''}`;
  if (current.length > 0) {
    const names = current.slice(0, 3).map(path);
    return { status: 'passing', summary: `${plural(current.length, 'linked document')} within review date: ${listed(names)}${current.length > 3 ? ' …' : ''}.`, reasons: [] };
  }
  if (matching.length === 0) {
    const reason: StoredReason = { kind: 'requirement', id: check.requirement_id, label: `No ${documents} is linked as evidence.`, link: links.requirement(check.requirement_id) };
    return { status: 'failing', summary: `No ${documents} is linked to the requirement as evidence.`, reasons: [reason] };
  }
  return {
    status: 'failing',
    summary: `Every linked ${documents} is past its review-by date (${plural(matching.length, 'document')}).`,
    reasons: matching.map((document) => ({ kind: 'document', id: document.id, label: `${path(document)}: review was due on ${document.review_by}`, link: links.document(document.id) })),
  };
};
