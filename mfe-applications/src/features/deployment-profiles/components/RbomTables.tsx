// What a runtime BOM holds (its components with their findings, filterable by name) and what it
// leaves out (with the reason: a pattern, a type, or reached only through those). A component is
// named with its group, so an npm scope stays: `@types/cookie`, not `cookie`.
import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { DATE_LOCALE, type RbomComponent, type RbomExclusion } from '@portal/shared';
import { useMemo, useState } from 'react';
import { ActiveExploitBadge, SeverityBadge } from '../../../components/labels';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { plural } from '../../../lib/format';
import { SEVERITIES, type Severity } from '../../../lib/types';

const nameOf = (component: { name: string; group?: string | null }) => (component.group ? `${component.group}/${component.name}` : component.name);

function worst(component: RbomComponent): Severity | undefined {
  return SEVERITIES.find((severity) => component.vulnerabilities.some((vulnerability) => vulnerability.severity === severity));
}

const COMPONENT_COLUMNS: VirtualColumn<RbomComponent>[] = [
  { id: 'name', header: 'Component', width: 'minmax(180px, 2fr)', cell: (component) => <Text as="span" truncate>{nameOf(component)}</Text> },
  { id: 'version', header: 'Version', width: '120px', cell: (component) => component.version ?? '—' },
  { id: 'type', header: 'Type', width: '110px', cell: (component) => component.type ?? '—' },
  { id: 'licenses', header: 'Licenses', width: 'minmax(120px, 1fr)', cell: (component) => <Text as="span" truncate>{component.licenses.join(', ') || '—'}</Text> },
  {
    id: 'vulnerabilities',
    header: 'Vulnerabilities',
    width: '190px',
    cell: (component) => {
      const severity = worst(component);
      if (!severity) return <Text as="span" color="fg.muted">none known</Text>;
      return (
        <>
          <SeverityBadge severity={severity} />
          <Text as="span">{component.vulnerabilities.length}</Text>
          {component.vulnerabilities.some((vulnerability) => vulnerability.active_exploit) && <ActiveExploitBadge />}
        </>
      );
    },
  },
];

export function RbomComponentsTable({ components }: { components: readonly RbomComponent[] }) {
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const wanted = text.trim().toLowerCase();
    return wanted === '' ? components : components.filter((component) => nameOf(component).toLowerCase().includes(wanted) || component.purl?.toLowerCase().includes(wanted));
  }, [components, text]);
  return (
    <Stack gap={2}>
      <Heading as="h3" size="sm">
        Deployed components
      </Heading>
      <Input size="sm" type="search" maxW="20rem" aria-label="Filter the deployed components" placeholder="Name or purl" value={text} onChange={(event) => setText(event.target.value)} />
      <VirtualTable
        label="Deployed components"
        columns={COMPONENT_COLUMNS}
        rows={shown}
        rowKey={(component) => component.bom_ref}
        maxHeight={420}
        footer={text.trim() ? `${plural(shown.length, 'component')} of ${components.length.toLocaleString(DATE_LOCALE)} match` : plural(components.length, 'component')}
      />
    </Stack>
  );
}

const REASONS: Record<RbomExclusion['reason'], (exclusion: RbomExclusion) => string> = {
  pattern: (exclusion) => `matches ${exclusion.pattern}`,
  type: () => 'its type is not deployed',
  unreachable: () => 'only needed by components left out',
};

export function ExcludedTable({ excluded }: { excluded: readonly RbomExclusion[] }) {
  if (excluded.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Nothing of the build is left out.
      </Text>
    );
  }
  return (
    <Box>
      <Heading as="h3" size="sm" mb={2}>
        Not deployed ({excluded.length.toLocaleString(DATE_LOCALE)})
      </Heading>
      <VirtualTable
        label="Components not deployed"
        columns={[
          { id: 'name', header: 'Component', width: 'minmax(180px, 2fr)', cell: (exclusion: RbomExclusion) => <Text as="span" truncate>{nameOf(exclusion)}</Text> },
          { id: 'version', header: 'Version', width: '120px', cell: (exclusion: RbomExclusion) => exclusion.version ?? '—' },
          { id: 'reason', header: 'Why', width: 'minmax(200px, 1.5fr)', cell: (exclusion: RbomExclusion) => <Text as="span" truncate>{REASONS[exclusion.reason](exclusion)}</Text> },
        ]}
        rows={excluded}
        rowKey={(exclusion) => exclusion.bom_ref}
        maxHeight={300}
      />
    </Box>
  );
}
