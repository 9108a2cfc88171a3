// The Licenses tab of a build (issue 7 item 9): how many components fall in each license category,
// which licenses are used how often, and every component with its declared licenses, the SPDX
// expression read from them and its category (filterable; virtual for thousands).
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LICENSE_CATEGORIES, type ComponentLicense, type LicenseAnalysis, type LicenseCategory } from '@portal/shared';
import { SelectField, type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { useDeferredValue, useMemo, useState } from 'react';
import { SearchInput } from '../../../components/filters';
import { QueryView } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { useBuildLicenses } from '../api/getBuildLicenses';
import { CategoryBadge, CategoryCounts, categoryLabel } from './LicenseCategory';

const COMPONENT_COLUMNS: VirtualColumn<ComponentLicense>[] = [
  {
    id: 'component',
    header: 'Component',
    width: 'minmax(180px, 1.2fr)',
    cell: (row) => (
      <Box minW={0}>
        <Text truncate fontWeight="medium">
          {[row.group, row.name].filter(Boolean).join('/')} {row.version}
        </Text>
        <Text truncate fontSize="xs" color="fg.muted">
          {row.purl ?? row.bom_ref}
        </Text>
      </Box>
    ),
  },
  { id: 'declared', header: 'Declared', width: 'minmax(140px, 1fr)', cell: (row) => <Text truncate>{row.declared.length > 0 ? row.declared.join(', ') : 'None'}</Text> },
  { id: 'expression', header: 'SPDX expression', width: 'minmax(140px, 1fr)', cell: (row) => <Text truncate>{row.expression ?? '—'}</Text> },
  { id: 'category', header: 'Category', width: '150px', cell: (row) => <CategoryBadge category={row.category} /> },
];

const matches = (row: ComponentLicense, text: string) => {
  const needle = text.trim().toLowerCase();
  return needle === '' || [row.name, row.group, row.purl, row.expression, ...row.declared].some((value) => value?.toLowerCase().includes(needle));
};

/**
 * The licenses used that do not add to their own category's count. A component counts in the
 * category of its whole expression: a choice (OR, as several declared licenses are read) in its
 * least restrictive choice, a license WITH an exception as the exception makes it. Dropwizard's
 * 'CDDL-1.1 OR GPL-2.0-only WITH Classpath-exception-2.0' lists GPL-2.0-only (strong copyleft) as
 * used, while the component counts as weak copyleft.
 */
export function countedElsewhere(analysis: LicenseAnalysis): { components: number; licenses: string[] } {
  const own = new Map(analysis.licenses.map((used) => [used.license, used.category]));
  const elsewhere = new Set<string>();
  let components = 0;
  // One pass over the components' ids: a build may hold 50,000 components.
  for (const component of analysis.components) {
    let counted = false;
    for (const id of component.ids) {
      const category = own.get(id);
      if (category === undefined || category === component.category) continue;
      elsewhere.add(id);
      counted = true;
    }
    if (counted) components += 1;
  }
  // In the order of the licenses used (most used first).
  return { components, licenses: analysis.licenses.map((used) => used.license).filter((license) => elsewhere.has(license)) };
}

function CountedElsewhereNote({ analysis }: { analysis: LicenseAnalysis }) {
  const { components, licenses } = useMemo(() => countedElsewhere(analysis), [analysis]);
  if (components === 0) return null;
  const one = licenses.length === 1;
  return (
    <Text role="note" fontSize="sm" color="fg.muted" maxW="48rem">
      {plural(components, 'component')} {components === 1 ? 'counts' : 'count'} in the category of {components === 1 ? 'its' : 'their'} whole license expression: a
      choice (OR) as its least restrictive license, a license WITH an exception as the exception makes it. So {licenses.join(', ')} {one ? 'is' : 'are'} among the
      licenses used without adding to {one ? 'its' : 'their'} own category’s count.
    </Text>
  );
}

export function LicensePanel({ graph, appKey, buildId }: { graph: string; appKey: string; buildId: string }) {
  const analysis = useBuildLicenses(graph, appKey, buildId);
  const [text, setText] = useState('');
  const [category, setCategory] = useState<LicenseCategory | ''>('');
  const deferred = useDeferredValue(text);
  const shown = useMemo(
    () => (analysis.data?.components ?? []).filter((row) => (category === '' || row.category === category) && matches(row, deferred)),
    [analysis.data, category, deferred],
  );
  return (
    <QueryView query={analysis} loading="Reading the licenses…">
      {(data) => (
        <Stack gap={4}>
          <CategoryCounts counts={data.summary} label="Components by license category" />
          <CountedElsewhereNote analysis={data} />
          <Flex gap={6} direction={{ base: 'column', xl: 'row' }} align="start">
            <Box flex="1" minW={{ base: 0, xl: '24rem' }} w="full">
              <VirtualTable
                label="Licenses used"
                columns={[
                  { id: 'license', header: 'License', width: 'minmax(120px, 1fr)', cell: (row) => <Text truncate>{row.license}</Text> },
                  { id: 'category', header: 'Category', width: '140px', cell: (row) => <CategoryBadge category={row.category} /> },
                  { id: 'components', header: 'Components', width: '100px', cell: (row) => row.components },
                ]}
                rows={data.licenses}
                rowKey={(row) => `${row.license}|${row.category}`}
                rowHeight={40}
                maxHeight={360}
                onOpen={(row) => setText(row.license === 'unknown' ? '' : row.license)}
                footer={plural(data.licenses.length, 'license')}
              />
            </Box>
            <Stack flex="2" minW={0} w="full" gap={3}>
              <HStack gap={3} align="end" flexWrap="wrap">
                <SearchInput label="Filter components by license" placeholder="Component, license or expression" value={text} onChange={setText} />
                <Box w="11rem">
                  <SelectField
                    label="Category"
                    size="sm"
                    value={category}
                    onChange={(value) => setCategory(value as LicenseCategory | '')}
                    emptyOption="All categories"
                    options={LICENSE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))}
                  />
                </Box>
              </HStack>
              {shown.length === 0 ? (
                <Text color="fg.muted">No component matches.</Text>
              ) : (
                <VirtualTable
                  label="Component licenses"
                  columns={COMPONENT_COLUMNS}
                  rows={shown}
                  rowKey={(row) => row.bom_ref}
                  rowHeight={52}
                  footer={shown.length === data.components.length ? plural(shown.length, 'component') : `${shown.length} of ${plural(data.components.length, 'component')}`}
                />
              )}
            </Stack>
          </Flex>
        </Stack>
      )}
    </QueryView>
  );
}
