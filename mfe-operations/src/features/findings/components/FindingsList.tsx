// A list of the process's findings of some categories (/security/sast: code and secrets,
// /security/iac: IaC and containers): filters (category, severity, state, tool, application or
// repository), a debounced search, an order, server paging ("Load more" reads the next cursor),
// checkboxes selecting findings for one triage decision or a SARIF export, the CSV export of the
// current filter, an upload panel, and the finding opened beside the list (`?finding=<id>`). The
// cloud screens fix a provider and show the largest groups (accounts, regions, controls) above the
// list: a group chosen there is a filter of the URL (`?account=…`), shown here as a removable chip.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { downloadFile, ErrorAlert, usePermitted } from '@portal/shared';
import { FINDING_SEVERITIES, FINDING_STATES, UNRESOLVED_FINDING_STATES, type CloudProvider, type FindingCategory, type FindingSeverity, type FindingState, type ScopedSecurityFinding } from '@portal/shared/operations';
import { SelectField, SwitchField, TextField, useDebounced, type Column } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORY_LABELS, locationText, plural, scopeText, SEVERITY_LABELS, STATE_LABELS } from '../../../lib/labels';
import { OPERATIONS_PERMISSIONS } from '../../../lib/permissions';
import { useApplications } from '../api/getApplications';
import { DRILL_DOWN, type DrillDown } from '../../../lib/findingsQuery';
import { FINDING_SORTS, findingsParams, useFindingCounts, useFindingPages, type FindingSort, type FindingsQuery } from '../api/getFindings';
import { FindingGroups, type GroupDimension } from './FindingGroups';
import { PagedTable } from '../../../components/PagedTable';
import { FindingDetail } from './FindingDetail';
import { SeverityTag } from './SeverityTag';
import { TriageDialog } from './TriageDialog';
import { UploadPanel } from './UploadPanel';

const SORT_LABELS: Record<FindingSort, string> = {
  severity: 'Severity',
  first_seen: 'First seen',
  last_seen: 'Last seen',
  rule_id: 'Rule',
  tool_name: 'Tool',
};

type Order = { value: 'asc' | 'desc'; label: string };
/**
 * Each sort's two orders, the one it opens with first. The API sorts severity by rank (critical
 * first ascending), dates by time, the rest by text.
 */
const ORDERS: Record<FindingSort, readonly [Order, Order]> = {
  severity: [
    { value: 'asc', label: 'Most severe first' },
    { value: 'desc', label: 'Least severe first' },
  ],
  first_seen: [
    { value: 'desc', label: 'Newest first' },
    { value: 'asc', label: 'Oldest first' },
  ],
  last_seen: [
    { value: 'desc', label: 'Newest first' },
    { value: 'asc', label: 'Oldest first' },
  ],
  rule_id: [
    { value: 'asc', label: 'A to Z' },
    { value: 'desc', label: 'Z to A' },
  ],
  tool_name: [
    { value: 'asc', label: 'A to Z' },
    { value: 'desc', label: 'Z to A' },
  ],
};

const initialSeverity = (value: string | null): FindingSeverity | '' => ((FINDING_SEVERITIES as readonly string[]).includes(value ?? '') ? (value as FindingSeverity) : '');

export interface FindingsListProps {
  graph: string;
  /** The categories this list shows (the API still shows only those the caller holds). */
  categories: readonly FindingCategory[];
  /** Names the list: 'Code findings', 'IaC findings'. */
  label: string;
  /** What the search finds, as its placeholder says. */
  searchHint: string;
  /** Cloud screens: only findings on these providers' resources (no application or repository filter). */
  provider?: readonly CloudProvider[];
  /** The groups shown above the list (a cloud screen's accounts, regions, controls). */
  groups?: readonly GroupDimension[];
}

const DRILL_LABELS: Record<DrillDown, string> = { account: 'Account', region: 'Region', service: 'Service', standard: 'Standard', rule: 'Rule' };

/** A finding's due date, marked when an open or confirmed finding is past it. */
function DueDate({ finding, today }: { finding: ScopedSecurityFinding; today: string }) {
  if (!finding.dueDate) return <Text color="fg.muted">—</Text>;
  const late = (UNRESOLVED_FINDING_STATES as readonly string[]).includes(finding.state) && finding.dueDate < today;
  return late ? (
    <Text color="fg.error" fontWeight="semibold">
      {finding.dueDate} (overdue)
    </Text>
  ) : (
    <Text>{finding.dueDate}</Text>
  );
}

export function FindingsList({ graph, categories, label, searchHint, provider, groups }: FindingsListProps) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('finding') ?? undefined;
  const canUpload = usePermitted(OPERATIONS_PERMISSIONS.UPLOAD_FINDINGS);
  const canTriage = usePermitted(OPERATIONS_PERMISSIONS.TRIAGE_FINDINGS);
  const applications = useApplications(graph);

  const [category, setCategory] = useState<FindingCategory | ''>('');
  // A link may open the list filtered (a notification's `?scope=app:shop&severity=critical`).
  const [severity, setSeverity] = useState<FindingSeverity | ''>(() => initialSeverity(params.get('severity')));
  const [state, setState] = useState<FindingState | ''>('');
  const [toolText, setToolText] = useState('');
  const [application, setApplication] = useState(() => (params.get('scope')?.startsWith('app:') ? params.get('scope')!.slice(4) : ''));
  const [repositoryText, setRepositoryText] = useState(() => (params.get('scope')?.startsWith('repo:') ? params.get('scope')!.slice(5) : ''));
  const [overdue, setOverdue] = useState(() => params.get('overdue') === 'true');
  // The day that marks a due date past (read once: a list open over midnight keeps its day).
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const [text, setText] = useState('');
  const [sort, setSort] = useState<FindingSort>('severity');
  const [order, setOrder] = useState<'asc' | 'desc'>(ORDERS.severity[0].value);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [triaging, setTriaging] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const drillKey = JSON.stringify(DRILL_DOWN.map((name) => params.get(name) ?? ''));
  const drill = useMemo(() => {
    const values = JSON.parse(drillKey) as string[];
    return Object.fromEntries(DRILL_DOWN.flatMap((name, index) => (values[index] ? [[name, values[index]]] : []))) as Partial<Record<DrillDown, string>>;
  }, [drillKey]);

  const search = useDebounced(text).trim();
  const tool = useDebounced(toolText).trim();
  const repository = useDebounced(repositoryText).trim();
  const query: FindingsQuery = useMemo(
    () => ({
      category: category ? [category] : categories,
      ...(severity ? { severity: [severity] } : {}),
      ...(state ? { state: [state] } : {}),
      ...(tool ? { tool } : {}),
      ...(provider ? { provider } : repository ? { scope: `repo:${repository}` } : application ? { scope: `app:${application}` } : {}),
      ...drill,
      ...(overdue ? { overdue: true } : {}),
      ...(search ? { q: search } : {}),
      sort,
      order,
    }),
    [categories, category, severity, state, tool, repository, application, provider, drill, overdue, search, sort, order],
  );
  const pages = useFindingPages(graph, query);
  const counts = useFindingCounts(graph, query);
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const filtering = query.category.length !== categories.length || Boolean(severity || state || tool || query.scope || search || overdue || Object.keys(drill).length > 0);
  const drillLabel = (name: DrillDown) => groups?.find((group) => group.by === name)?.label ?? DRILL_LABELS[name];
  const clearDrill = (name: DrillDown) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(name);
      return next;
    });

  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('finding', id);
      else next.delete('finding');
      return next;
    });
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = items.length > 0 && items.every((item) => selected.has(item.id));

  // Everyone may select (a SARIF export of the selection); a triage decision needs its permission.
  const columns: Column<ScopedSecurityFinding>[] = [
    {
      header: 'Select',
      cell: (finding: ScopedSecurityFinding) => (
        <input type="checkbox" aria-label={`Select ${finding.title}`} checked={selected.has(finding.id)} onChange={(event) => toggle(finding.id, event.target.checked)} />
      ),
    },
    { header: 'Severity', cell: (finding) => <SeverityTag severity={finding.severity} /> },
    {
      header: 'Finding',
      rowHeader: true,
      cell: (finding) => (
        <Stack gap={0}>
          <chakra.button type="button" textAlign="start" color="fg" textDecoration="underline" fontWeight="medium" onClick={() => open(finding.id)} aria-current={finding.id === openId || undefined}>
            {finding.title}
          </chakra.button>
          <Text fontSize="xs" color="fg.muted">
            {finding.rule.id}
          </Text>
        </Stack>
      ),
    },
    { header: 'Location', cell: (finding) => <Text wordBreak="break-all">{locationText(finding)}</Text> },
    { header: 'Scope', cell: (finding) => scopeText(finding.scope) },
    { header: 'Tool', cell: (finding) => finding.tool.name },
    { header: 'State', cell: (finding) => STATE_LABELS[finding.state] },
    { header: 'Due', cell: (finding) => <DueDate finding={finding} today={today} /> },
    { header: 'Last seen', cell: (finding) => finding.lastSeen.slice(0, 10) },
  ];

  const exportCsv = () => {
    setExportError(null);
    downloadFile('security/findings/export.csv', { graph, params: findingsParams(query), fallbackName: 'findings.csv' }).catch(setExportError);
  };

  const exportSarif = () => {
    setExportError(null);
    downloadFile('security/findings/export.sarif', { graph, body: { ids: [...selected] }, fallbackName: 'findings.sarif' }).catch(setExportError);
  };

  return (
    <Stack gap={4}>
      {canUpload && <UploadPanel graph={graph} />}
      <HStack as="form" role="search" aria-label={`Filter ${label.toLowerCase()}`} gap={3} align="flex-end" flexWrap="wrap" onSubmit={(event) => event.preventDefault()}>
        <Box w="16rem">
          <TextField label="Search" type="search" value={text} onChange={setText} placeholder={searchHint} enterDoesNotSubmit />
        </Box>
        {categories.length > 1 && (
          <SelectField
            label="Category"
            size="sm"
            value={category}
            onChange={(value) => setCategory(value as FindingCategory | '')}
            emptyOption="All categories"
            options={categories.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
          />
        )}
        <SelectField
          label="Severity"
          size="sm"
          value={severity}
          onChange={(value) => setSeverity(value as FindingSeverity | '')}
          emptyOption="All severities"
          options={FINDING_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }))}
        />
        <SelectField label="State" size="sm" value={state} onChange={(value) => setState(value as FindingState | '')} emptyOption="Any state" options={FINDING_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))} />
        <Box w="10rem">
          <TextField label="Tool" value={toolText} onChange={setToolText} placeholder="name, e.g. CodeQL" enterDoesNotSubmit />
        </Box>
        {!provider && (
          <>
            <SelectField
              label="Application"
              size="sm"
              value={application}
              onChange={setApplication}
              disabled={repositoryText.trim() !== ''}
              emptyOption="Any application"
              options={(applications.data ?? []).map((app) => ({ value: app.app_key, label: app.name ? `${app.name} (${app.app_key})` : app.app_key }))}
            />
            <Box w="10rem">
              <TextField label="Repository" value={repositoryText} onChange={setRepositoryText} placeholder="any" enterDoesNotSubmit />
            </Box>
          </>
        )}
        <SwitchField label="Past due only" checked={overdue} onChange={setOverdue} />
        <SelectField
          label="Sort by"
          size="sm"
          value={sort}
          onChange={(value) => {
            setSort(value as FindingSort);
            setOrder(ORDERS[value as FindingSort][0].value);
          }}
          options={FINDING_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <SelectField label="Order" size="sm" value={order} onChange={(value) => setOrder(value as 'asc' | 'desc')} options={[...ORDERS[sort]]} />
      </HStack>
      {groups && groups.length > 0 && <FindingGroups graph={graph} query={query} dimensions={groups} />}
      {Object.keys(drill).length > 0 && (
        <HStack as="ul" aria-label="Chosen groups" listStyleType="none" gap={2} flexWrap="wrap">
          {DRILL_DOWN.filter((name) => drill[name]).map((name) => (
            <chakra.li key={name} display="flex" alignItems="center" gap={1} borderWidth="1px" borderRadius="full" px={3} py={0.5} fontSize="sm">
              {drillLabel(name)}: {drill[name]}
              <chakra.button type="button" aria-label={`Remove the filter ${drillLabel(name).toLowerCase()} ${drill[name]}`} onClick={() => clearDrill(name)} px={1}>
                ×
              </chakra.button>
            </chakra.li>
          ))}
        </HStack>
      )}
      <HStack justify="space-between" flexWrap="wrap" gap={3}>
        <Text fontSize="sm" aria-live="polite">
          {counts.data ? `${plural(counts.data.total, 'finding')}${filtering ? ' match' : ''}` : ''}
          {selected.size > 0 ? ` · ${selected.size} selected` : ''}
        </Text>
        <HStack gap={2}>
          <Button size="sm" variant="outline" disabled={items.length === 0} onClick={() => setSelected(allShown ? new Set() : new Set(items.map((item) => item.id)))}>
            {allShown ? 'Clear the selection' : 'Select all shown'}
          </Button>
          {canTriage && (
            <Button size="sm" colorPalette="brand" disabled={selected.size === 0} onClick={() => setTriaging(true)}>
              Triage selected
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={selected.size === 0} onClick={exportSarif}>
            Export SARIF
          </Button>
          <Button size="sm" variant="outline" onClick={exportCsv}>
            Export CSV
          </Button>
        </HStack>
      </HStack>
      {exportError ? <ErrorAlert error={exportError} title="The export failed" /> : null}
      <HStack align="flex-start" gap={4} flexWrap={{ base: 'wrap', lg: 'nowrap' }}>
        <Stack flex="1" minW={0} gap={3}>
          <PagedTable
            pages={pages}
            items={items}
            filtering={filtering}
            caption={label}
            columns={columns}
            rowKey={(finding) => finding.id}
            rowCurrent={(finding) => finding.id === openId}
            loading="Loading findings…"
            noMatch="No finding matches the filters."
            empty={{
              title: 'No findings yet',
              description: canUpload ? "Upload a scanner's results above, or send them from a pipeline with a module key." : "No scanner's results were uploaded for this process yet.",
            }}
          />
        </Stack>
        {openId && <FindingDetail key={openId} graph={graph} id={openId} onClose={() => open(null)} onOpen={open} />}
      </HStack>
      {triaging && <TriageDialog graph={graph} ids={[...selected]} onClose={() => setTriaging(false)} onDone={() => setSelected(new Set())} />}
    </Stack>
  );
}
