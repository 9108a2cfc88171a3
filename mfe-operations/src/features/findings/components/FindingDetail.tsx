// One finding beside its list (`?finding=<id>` in the address): the rule and its help (sanitized
// markdown), the severity normalized and as the tool wrote it, the state, where it is (the file's
// snippet with the region highlighted, or the cloud resource with its account and region), CWE
// and tags, the requirements it concerns (linked by who may triage it), the related findings of
// other tools (same CWE and line), its history, and the triage actions.
import { Box, Button, chakra, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, usePermitted } from '@portal/shared';
import type { FindingHistoryEvent, FindingRegion, FindingTriageState, RelatedFinding, SecurityFindingDetail } from '@portal/shared/operations';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CATEGORY_LABELS, scopeText, STATE_LABELS } from '../../../lib/labels';
import { OPERATIONS_PERMISSIONS } from '../../../lib/permissions';
import { useFinding } from '../api/getFinding';
import { LinkedRequirements } from './LinkedRequirements';
import { SeverityTag } from './SeverityTag';
import { SnippetView } from './SnippetView';
import { TriageDialog } from './TriageDialog';

const MarkdownHelp = lazy(() => import('./MarkdownHelp'));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <chakra.dt fontWeight="semibold" fontSize="sm" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd m={0} fontSize="sm">
        {children}
      </chakra.dd>
    </>
  );
}

const day = (iso: string) => iso.slice(0, 10);

/** ', line 12' or ', lines 12–14' (nothing when the tool gave no line). */
function linesText(region: FindingRegion | null): string {
  const start = region?.startLine;
  if (!start) return '';
  const end = region?.endLine;
  return end && end !== start ? `, lines ${start}–${end}` : `, line ${start}`;
}

function historyText(event: FindingHistoryEvent): string {
  const to = STATE_LABELS[event.to_state];
  if (event.kind === 'fixed') return `Marked fixed by a re-import (no longer reported)`;
  if (event.kind === 'reopened') return `Reopened by a re-import (reported again)`;
  return `Triaged${event.from_state ? ` from ${STATE_LABELS[event.from_state]}` : ''} to ${to}${event.reason ? `: ${event.reason}` : ''}`;
}

const ACTIONS: { state: FindingTriageState; label: string }[] = [
  { state: 'confirmed', label: 'Confirm' },
  { state: 'false_positive', label: 'False positive' },
  { state: 'risk_accepted', label: 'Accept the risk' },
  { state: 'open', label: 'Reopen' },
];

/** Other tools' findings on the same CWE and location: each opens in this panel. */
function RelatedFindings({ related, onOpen }: { related: RelatedFinding[]; onOpen: (id: string) => void }) {
  if (related.length === 0) return null;
  return (
    <Box as="section" aria-label="Related findings">
      <Heading as="h3" size="sm" mb={1}>
        Related findings
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb={2}>
        Other tools report the same weakness here.
      </Text>
      <Stack as="ul" gap={1} fontSize="sm" ps={4}>
        {related.map((item) => (
          <li key={item.id}>
            <chakra.button type="button" textAlign="start" textDecoration="underline" onClick={() => onOpen(item.id)}>
              {item.tool}: {item.ruleId}
            </chakra.button>{' '}
            <SeverityTag severity={item.severity} /> · {STATE_LABELS[item.state]} · {item.cwe.join(', ')}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function Details({ graph, finding, onOpen }: { graph: string; finding: SecurityFindingDetail; onOpen: (id: string) => void }) {
  const canTriage = usePermitted(OPERATIONS_PERMISSIONS.TRIAGE_FINDINGS);
  const [triage, setTriage] = useState<FindingTriageState | null>(null);
  const { location, rule } = finding;
  return (
    <Stack gap={4}>
      <Heading as="h2" size="md">
        {finding.title}
      </Heading>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1} m={0}>
        <Fact label="Rule">
          {rule.id}
          {rule.name && rule.name !== rule.id ? ` — ${rule.name}` : ''}
        </Fact>
        <Fact label="Severity">
          <SeverityTag severity={finding.severity} />
          {finding.toolSeverity ? ` (${finding.tool.name}: ${finding.toolSeverity})` : ''}
        </Fact>
        <Fact label="State">
          {STATE_LABELS[finding.state]}
          {finding.state === 'risk_accepted' && finding.expiresAt ? ` until ${day(finding.expiresAt)}` : ''}
          {finding.reason ? ` — ${finding.reason}` : ''}
          {finding.state === 'suppressed' && finding.suppression ? ` — ${finding.suppression}` : ''}
        </Fact>
        <Fact label="Category">{CATEGORY_LABELS[finding.category]}</Fact>
        <Fact label="Tool">{finding.tool.version ? `${finding.tool.name} ${finding.tool.version}` : finding.tool.name}</Fact>
        <Fact label="Scope">{scopeText(finding.scope)}</Fact>
        {location?.kind === 'code' && (
          <Fact label="File">
            {location.file}
            {linesText(location.region)}
          </Fact>
        )}
        {location?.kind === 'cloud' && (
          <>
            <Fact label="Resource">{location.resourceId}</Fact>
            {location.resourceType && <Fact label="Resource type">{location.resourceType}</Fact>}
            <Fact label={location.provider === 'azure' ? 'Subscription' : 'Account'}>{location.account ?? '—'}</Fact>
            <Fact label="Region">{location.region ?? '—'}</Fact>
            {location.service && <Fact label="Service">{location.service}</Fact>}
          </>
        )}
        {rule.cwe.length > 0 && <Fact label="CWE">{rule.cwe.join(', ')}</Fact>}
        {rule.tags.length > 0 && <Fact label="Tags">{rule.tags.join(', ')}</Fact>}
        {finding.vulnerabilityIds.length > 0 && <Fact label="Vulnerabilities">{finding.vulnerabilityIds.join(', ')}</Fact>}
        <Fact label="First seen">{day(finding.firstSeen)}</Fact>
        <Fact label="Last seen">{day(finding.lastSeen)}</Fact>
        {finding.dueDate && <Fact label="Due">{day(finding.dueDate)}</Fact>}
      </chakra.dl>
      {location?.kind === 'code' && location.snippet && <SnippetView snippet={location.snippet} region={location.region} />}
      {finding.message && finding.message !== finding.title && (
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {finding.message}
        </Text>
      )}
      {canTriage && (
        <HStack gap={2} flexWrap="wrap" role="group" aria-label="Triage">
          {ACTIONS.filter((action) => action.state !== finding.state).map((action) => (
            <Button key={action.state} size="xs" variant="outline" onClick={() => setTriage(action.state)}>
              {action.label}
            </Button>
          ))}
        </HStack>
      )}
      {rule.help && (
        <Box as="section" aria-label="Rule help" fontSize="sm" css={{ '& p': { marginBottom: '0.5em' }, '& pre': { whiteSpace: 'pre-wrap' }, '& ul': { paddingInlineStart: '1.5em' } }}>
          <Heading as="h3" size="sm" mb={2}>
            Help
          </Heading>
          <Suspense fallback={<Loading label="Loading the rule's help…" />}>
            <MarkdownHelp text={rule.help} />
          </Suspense>
        </Box>
      )}
      <LinkedRequirements graph={graph} findingId={finding.id} linked={finding.linkedRequirements} canLink={canTriage} />
      <RelatedFindings related={finding.related} onOpen={onOpen} />
      <Box as="section" aria-label="History">
        <Heading as="h3" size="sm" mb={2}>
          History
        </Heading>
        {finding.history.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No change since it was first seen.
          </Text>
        ) : (
          <Stack as="ol" gap={1} fontSize="sm" ps={4}>
            {finding.history.map((event, index) => (
              <li key={index}>
                {day(event.at)}: {historyText(event)}
              </li>
            ))}
          </Stack>
        )}
      </Box>
      {triage && <TriageDialog graph={graph} ids={[finding.id]} initialState={triage} onClose={() => setTriage(null)} />}
    </Stack>
  );
}

export function FindingDetail({ graph, id, onClose, onOpen }: { graph: string; id: string; onClose: () => void; onOpen: (id: string) => void }) {
  const finding = useFinding(graph, id);
  return (
    <Box as="aside" aria-label="Finding" borderWidth="1px" borderRadius="md" p={4} w={{ base: 'full', lg: '34rem' }} flexShrink={0} alignSelf="flex-start">
      <HStack justify="flex-end">
        <IconButton aria-label="Close the finding" size="xs" variant="ghost" onClick={onClose}>
          ✕
        </IconButton>
      </HStack>
      {finding.isPending ? <Loading label="Loading the finding…" /> : finding.error ? <ErrorAlert error={finding.error} /> : <Details graph={graph} finding={finding.data} onOpen={onOpen} />}
    </Box>
  );
}
