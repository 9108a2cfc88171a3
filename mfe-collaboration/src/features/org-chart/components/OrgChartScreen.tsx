// /collaboration/org-chart (issue 23 item 10): the organization's chart as an interactive tree
// (pan, zoom, collapse, search that centres a person) or as a list the keyboard walks, the chosen
// person's card, PNG/SVG export, and the upload (with `upload=>OrgChart`). Read again when anyone
// imports a chart.
import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { PERMISSIONS } from '@portal/shared/permissions';
import { Empty, graphOf, QueryView, ScreenFrame, usePermitted, useSession, type ScreenComponent } from '@portal/shared';
import { type OrgChart } from '@portal/shared/collaboration';
import { useMemo, useState } from 'react';
import { useOrgChart } from '../api/getOrgChart';
import { useChartState } from '../hooks/useChartState';
import { useLiveOrgChart } from '../hooks/useLiveOrgChart';
import { exportPng, exportSvg } from '../utils/exportChart';
import { peopleOf, type People } from '../utils/people';
import { OrgChartCanvas } from './OrgChartCanvas';
import { OrgChartList } from './OrgChartList';
import { OrgChartUploadDialog } from './OrgChartUploadDialog';
import { PersonPanel } from './PersonPanel';

type Mode = 'chart' | 'list';

function ChartView({ chart, people }: { chart: OrgChart; people: People }) {
  const state = useChartState(people);
  const [mode, setMode] = useState<Mode>('chart');
  const [exportError, setExportError] = useState<string | null>(null);
  const marks = { selected: state.selected, matches: state.matches, collapsed: state.collapsed };
  const uploadedOn = chart.uploaded_at ? new Date(chart.uploaded_at).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';
  return (
    <Stack gap={4}>
      <Text fontSize="sm" color="fg.muted">
        {people.list.length.toLocaleString('en-US')} {people.list.length === 1 ? 'person' : 'people'}, from {chart.file_name} uploaded {uploadedOn}
        {chart.uploaded_by ? ` by ${chart.uploaded_by.login_id}` : ''}.
      </Text>
      <HStack gap={3} flexWrap="wrap">
        <HStack gap={0} role="group" aria-label="View">
          <Button size="sm" variant={mode === 'chart' ? 'solid' : 'outline'} aria-pressed={mode === 'chart'} onClick={() => setMode('chart')}>
            Chart
          </Button>
          <Button size="sm" variant={mode === 'list' ? 'solid' : 'outline'} aria-pressed={mode === 'list'} onClick={() => setMode('list')}>
            List
          </Button>
        </HStack>
        <Button size="sm" variant="outline" onClick={state.expandAll}>
          Expand all
        </Button>
        <Button size="sm" variant="outline" onClick={state.collapseAll}>
          Collapse all
        </Button>
        <Button size="sm" variant="outline" onClick={() => exportSvg(people, state.layout)}>
          Export SVG
        </Button>
        <Button size="sm" variant="outline" onClick={() => exportPng(people, state.layout, marks).then(() => setExportError(null), (error: Error) => setExportError(error.message))}>
          Export PNG
        </Button>
      </HStack>
      {exportError && (
        <Text role="alert" color="fg.error">
          {exportError}
        </Text>
      )}
      <Box position="relative" maxW="md">
        <Input size="sm" type="search" aria-label="Search people" placeholder="Search by name, title, id, email or department" value={state.query} onChange={(event) => state.setQuery(event.target.value)} />
        {state.query.trim() !== '' && (
          <Stack as="ul" aria-label="Search results" gap={0} mt={1} borderWidth="1px" borderRadius="md" maxH="240px" overflowY="auto" listStyleType="none" p={1}>
            {state.results.length === 0 && (
              <Text as="li" p={2} fontSize="sm">
                Nobody matches.
              </Text>
            )}
            {state.results.map((person) => (
              <li key={person.index}>
                <Button size="sm" variant="ghost" w="full" justifyContent="start" onClick={() => state.centre(person.index)}>
                  {person.name}
                  {person.title ? `, ${person.title}` : ''}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Box>
      <Stack direction={{ base: 'column', lg: 'row' }} gap={4} align="start">
        <Box flex="1" minW={0} w="full">
          {mode === 'chart' ? (
            <OrgChartCanvas
              people={people}
              layout={state.layout}
              marks={marks}
              onSelect={state.setSelected}
              onToggle={state.toggle}
              focus={state.focus}
              label={`Organization chart of ${people.list.length.toLocaleString('en-US')} people: the List view reads it with the keyboard`}
            />
          ) : (
            <OrgChartList people={people} state={state} />
          )}
        </Box>
        {state.selected !== null && (
          <Box w={{ base: 'full', lg: '320px' }}>
            <PersonPanel people={people} index={state.selected} onCentre={state.centre} />
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

export const OrgChartScreen: ScreenComponent = ({ route }) => {
  const process = useSession((session) => session.process);
  const graph = process ? graphOf(process) : undefined;
  const query = useOrgChart(graph);
  const mayUpload = usePermitted(PERMISSIONS.requirements.UPLOAD_ORG_CHART);
  const [uploading, setUploading] = useState(false);
  useLiveOrgChart(graph);
  const people = useMemo(() => (query.data ? peopleOf(query.data) : undefined), [query.data]);
  const nameOf = (id: string | null) => (id === null ? 'the top' : (people?.byId.get(id)?.name ?? id));
  const uploadButton = mayUpload && graph && (
    <Button size="sm" colorPalette="brand" onClick={() => setUploading(true)}>
      Upload chart
    </Button>
  );
  return (
    <ScreenFrame route={route}>
      {!graph ? (
        <Empty title="Choose a process" description="The organization chart opens in one of your organization's processes." />
      ) : (
        <Stack gap={4}>
          {uploadButton && <HStack>{uploadButton}</HStack>}
          <QueryView query={query} loading="Loading the organization chart…" noAccessOnForbidden>
            {(chart) =>
              chart.people.length === 0 || !people ? (
                <Empty title="No organization chart yet" description={mayUpload ? 'Upload a CSV or XLSX file of your people: id, name, title, manager id, email, department.' : 'Someone who may upload the chart has not done so yet.'} />
              ) : (
                // A new chart (an import) starts a new view: collapsed people and selection are of the old one.
                <ChartView key={chart.uploaded_at} chart={chart} people={people} />
              )
            }
          </QueryView>
          {uploadButton && <OrgChartUploadDialog graph={graph} open={uploading} onClose={() => setUploading(false)} nameOf={nameOf} />}
        </Stack>
      )}
    </ScreenFrame>
  );
};
