// The compliance templates and exports (docs/compliance.md, "Templates" and "Exports"): GET
// compliance/templates (read when the confirmation opens), POST compliance/templates/apply, and the
// OSCAL assessment results as a download.
import { apiClient, downloadFile } from '@portal/shared';
import { COMPLIANCE_EXPORT_FILES, type ComplianceTemplate, type ComplianceTemplateApplyResult } from '@portal/shared/compliance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys, PROCESS_KEYS } from '../../lib/queryKeys';
import { P } from '../../lib/permissions';

const TEMPLATE_KEY = (graph: string) => [...PROCESS_KEYS.analysis(graph), 'compliance-templates'] as const;

export function useComplianceTemplates(graph: string, enabled: boolean) {
  return useQuery({
    queryKey: TEMPLATE_KEY(graph),
    queryFn: ({ signal }) => apiClient.get<ComplianceTemplate[]>('compliance/templates', { graph, signal }),
    enabled,
  });
}

/** Applies the templates to the standard; what it added (checks, statuses, gaps) is read again. */
export function useApplyTemplates(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (standardId: string) =>
      apiClient.post<ComplianceTemplateApplyResult>('compliance/templates/apply', { standard_id: standardId }, { graph, permission: P.UPDATE_REQUIREMENT, notices: false }),
    onSuccess: () => invalidateKeys(queryClient, [PROCESS_KEYS.requirements(graph), PROCESS_KEYS.overviews(graph), PROCESS_KEYS.gaps(graph), PROCESS_KEYS.tasks(graph)]),
  });
}

/** Saves the OSCAL assessment results of the process, or of one standard. */
export const downloadOscal = (graph: string, standardId?: string) =>
  downloadFile('compliance/export/oscal', {
    graph,
    ...(standardId ? { params: { standard: standardId } } : {}),
    fallbackName: COMPLIANCE_EXPORT_FILES.oscal(graph),
  });
