// The upload dialog's steps: a file chosen is read by the API (preview) → the mapping chosen over
// the preview table → the import, answered by the change report or refused with its row errors
// (the mapping stays, so the user can fix the file and choose it again, or change the mapping).
import { ORG_CHART_FIELDS, type OrgChartChangeReport, type OrgChartField, type OrgChartMapping, type OrgChartPreview, type OrgChartRowError } from '@portal/shared/collaboration';
import { useRef, useState } from 'react';
import { rowErrorsOf, useImportOrgChart } from '../api/importOrgChart';
import { previewOrgChart } from '../api/previewOrgChart';

export type UploadStep =
  | { phase: 'choose'; error?: unknown }
  | { phase: 'reading'; file: File }
  | { phase: 'map'; file: File; preview: OrgChartPreview; mapping: OrgChartMapping; rows: OrgChartRowError[]; error?: unknown }
  | { phase: 'importing'; file: File; preview: OrgChartPreview; mapping: OrgChartMapping }
  | { phase: 'done'; file: File; report: OrgChartChangeReport };

export const REQUIRED_FIELDS: readonly OrgChartField[] = ['id', 'name'];

export function useOrgChartUpload(graph: string) {
  const [step, setStep] = useState<UploadStep>({ phase: 'choose' });
  const importChart = useImportOrgChart();
  const reading = useRef<AbortController | null>(null);

  const choose = async (file: File) => {
    // A fixed file of the same columns keeps the mapping the user chose.
    const kept = step.phase === 'map' ? step : undefined;
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setStep({ phase: 'reading', file });
    try {
      const preview = await previewOrgChart(graph, file, controller.signal);
      const same = kept !== undefined && kept.preview.columns.join('\n') === preview.columns.join('\n');
      if (!controller.signal.aborted) setStep({ phase: 'map', file, preview, mapping: same ? kept.mapping : preview.mapping, rows: [] });
    } catch (error) {
      if (!controller.signal.aborted) setStep({ phase: 'choose', error });
    }
  };

  const map = (field: OrgChartField, column: number | null) =>
    setStep((current) => (current.phase === 'map' ? { ...current, mapping: { ...current.mapping, [field]: column }, rows: [], error: undefined } : current));

  const start = async () => {
    if (step.phase !== 'map') return;
    const { file, preview, mapping } = step;
    setStep({ phase: 'importing', file, preview, mapping });
    try {
      const report = await importChart.mutateAsync({ graph, file, mapping });
      setStep({ phase: 'done', file, report });
    } catch (error) {
      const rows = rowErrorsOf(error);
      setStep({ phase: 'map', file, preview, mapping, rows, error: rows.length > 0 ? undefined : error });
    }
  };

  const reset = () => {
    reading.current?.abort();
    setStep({ phase: 'choose' });
  };

  const ready = step.phase === 'map' && REQUIRED_FIELDS.every((field) => step.mapping[field] !== null);
  return { step, choose, map, start, reset, ready, fields: ORG_CHART_FIELDS };
}
