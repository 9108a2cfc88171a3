// Upload an org chart (issue 23 item 10): choose a CSV or XLSX file → the API's preview with a
// mapping of its columns (proposed from the header, chosen here) → import → the change report, or
// the row errors with their lines (nothing changed; fix the file and choose it again).
import { Box, Button, Dialog, HStack, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { ErrorAlert, Loading, useDismiss, useReturnFocus } from '@portal/shared';
import { type OrgChartField } from '@portal/shared/collaboration';
import { FileDrop, Select } from '@portal/shared/screens';
import { ORG_CHART_ACCEPT } from '../api/previewOrgChart';
import { REQUIRED_FIELDS, useOrgChartUpload, type UploadStep } from '../hooks/useOrgChartUpload';
import { Cell, Header } from './cells';
import { ChangeReport, RowErrors } from './ChangeReport';

const LABELS: Record<OrgChartField, string> = { id: 'Id', name: 'Name', title: 'Title', manager_id: 'Manager id', email: 'Email', department: 'Department' };

export interface OrgChartUploadDialogProps {
  graph: string;
  open: boolean;
  onClose: () => void;
  /** The name of a person of the current chart (for the report's moves). */
  nameOf: (id: string | null) => string;
}

type MapStep = Extract<UploadStep, { phase: 'map' | 'importing' }>;

function MappingStep({ step, fields, onMap }: { step: MapStep; fields: readonly OrgChartField[]; onMap: (field: OrgChartField, column: number | null) => void }) {
  const { preview, mapping } = step;
  return (
    <Stack gap={4}>
      <Text>
        {preview.file_name}: {preview.row_count.toLocaleString('en-US')} {preview.row_count === 1 ? 'row' : 'rows'} ({preview.format.toUpperCase()}). Choose the column of each field; id and name are required.
      </Text>
      <Box display="grid" gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }} gap={3}>
        {fields.map((field) => (
          <Stack key={field} gap={1}>
            <chakra.label htmlFor={`org-chart-map-${field}`} fontSize="sm" fontWeight="medium">
              {LABELS[field]}
              {REQUIRED_FIELDS.includes(field) ? ' *' : ''}
            </chakra.label>
            <Select
              id={`org-chart-map-${field}`}
              value={mapping[field] === null ? '' : String(mapping[field])}
              disabled={step.phase === 'importing'}
              onChange={(event) => onMap(field, event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">— not in the file —</option>
              {preview.columns.map((column, index) => (
                <option key={index} value={index}>
                  {column || `Column ${index + 1}`}
                </option>
              ))}
            </Select>
          </Stack>
        ))}
      </Box>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <chakra.table width="full" fontSize="sm" aria-label="First rows of the file">
          <thead>
            <tr>
              <Header>Line</Header>
              {preview.columns.map((column, index) => {
                const field = (Object.keys(mapping) as OrgChartField[]).find((name) => mapping[name] === index);
                return (
                  <Header key={index}>
                    {column}
                    {field ? ` → ${LABELS[field]}` : ''}
                  </Header>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line}>
                <Cell>{row.line}</Cell>
                {preview.columns.map((_, index) => (
                  <Cell key={index}>{row.cells[index] ?? ''}</Cell>
                ))}
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
    </Stack>
  );
}

export function OrgChartUploadDialog({ graph, open, onClose, nameOf }: OrgChartUploadDialogProps) {
  const upload = useOrgChartUpload(graph);
  const { step } = upload;
  const busy = step.phase === 'importing';
  const close = () => {
    if (busy) return;
    upload.reset();
    onClose();
  };
  const onOpenChange = useDismiss(close);
  const finalFocusEl = useReturnFocus(open);
  return (
    <Dialog.Root open={open} finalFocusEl={finalFocusEl} placement="center" size="xl" lazyMount unmountOnExit scrollBehavior="inside" closeOnEscape={!busy} closeOnInteractOutside={false} onOpenChange={onOpenChange}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Upload the organization chart</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                {(step.phase === 'choose' || step.phase === 'map') && (
                  <FileDrop
                    label="Org chart file"
                    accept={ORG_CHART_ACCEPT}
                    onFiles={([file]) => void upload.choose(file)}
                    chooseText={step.phase === 'map' ? 'Choose another file' : 'Choose file'}
                    hint="CSV (comma, semicolon or tab separated, UTF-8) or XLSX; a header row first; at most 5 MB. The chart replaces the organization's chart."
                  />
                )}
                {step.phase === 'choose' && step.error !== undefined && <ErrorAlert error={step.error} title="The file was not accepted" />}
                {step.phase === 'reading' && <Loading label={`Reading ${step.file.name}…`} />}
                {(step.phase === 'map' || step.phase === 'importing') && <MappingStep step={step} fields={upload.fields} onMap={upload.map} />}
                {step.phase === 'importing' && <Loading label="Importing…" />}
                {step.phase === 'map' && step.rows.length > 0 && <RowErrors rows={step.rows} />}
                {step.phase === 'map' && step.error !== undefined && <ErrorAlert error={step.error} title="The chart was not imported" />}
                {step.phase === 'done' && <ChangeReport report={step.report} nameOf={nameOf} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap={2}>
                {(step.phase === 'map' || step.phase === 'importing') && (
                  <Button colorPalette="brand" onClick={() => void upload.start()} disabled={!upload.ready} loading={busy}>
                    Import
                  </Button>
                )}
                <Button variant={step.phase === 'done' ? 'solid' : 'outline'} colorPalette="brand" onClick={close} disabled={busy}>
                  {step.phase === 'done' ? 'Close' : 'Cancel'}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
