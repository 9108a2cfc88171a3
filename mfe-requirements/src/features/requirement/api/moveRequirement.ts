// PUT requirements/{id} with only `parent_id` (and the version read): moves a requirement, with its
// sub-requirements, under another parent ('' : the top level; the client drops nulls). The API
// refuses a parent under the requirement itself (400 with the message), a deleted one (400) and a
// stale version (409); its code stays.
import { apiClient, type Requirement, type RequirementRef } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export interface RequirementMoveInput {
  requirement: Pick<Requirement, 'id' | 'code' | 'version'>;
  /** null: the top level. */
  parent: RequirementRef | null;
}

export const moveRequirement = (graph: string, { requirement, parent }: RequirementMoveInput) =>
  apiClient.put<Requirement>(requirementPath(requirement.id), { version: requirement.version, parent_id: parent?.id ?? '' }, {
    graph,
    permission: P.UPDATE_REQUIREMENT,
    // The screens say why a move was refused where it was made (the dialog, the tree's snackbar).
    notices: false,
  });

/** What the snackbar says after a move. */
export const movedText = ({ requirement, parent }: RequirementMoveInput) =>
  parent ? `${requirement.code} moved under ${parent.code}.` : `${requirement.code} moved to the top level.`;

export function useMoveRequirement(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequirementMoveInput) => moveRequirement(graph, input),
    // The requirement, its history, both parents' details and every list change, and the paths
    // of all its sub-requirements: everything the feature read of the process.
    onSettled: () => invalidateKeys(queryClient, [REQUIREMENT_KEYS.all(graph), PROCESS_KEYS.overviews(graph)]),
  });
}
