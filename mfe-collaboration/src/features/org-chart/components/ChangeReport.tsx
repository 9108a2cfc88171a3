// What an import changed (added, moved, removed, updated) and why one was refused (every row
// error with its line in the file).
import { Box, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import type { OrgChartChangeReport, OrgChartRowError } from '@portal/shared/collaboration';
import { Cell, Header } from './cells';

const SHOWN = 50;
const FIELD_LABELS: Record<string, string> = { id: 'id', name: 'name', title: 'title', manager_id: 'manager id', email: 'email', department: 'department' };
const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb={1}>
        {title} ({items.length.toLocaleString('en-US')})
      </Heading>
      <chakra.ul ps={5} listStyleType="disc" fontSize="sm">
        {items.slice(0, SHOWN).map((item) => (
          <li key={item}>{item}</li>
        ))}
        {items.length > SHOWN && <li>and {(items.length - SHOWN).toLocaleString('en-US')} more</li>}
      </chakra.ul>
    </Box>
  );
}

export function ChangeReport({ report, nameOf }: { report: OrgChartChangeReport; nameOf: (id: string | null) => string }) {
  const nothing = report.added.length + report.moved.length + report.removed.length + report.updated.length === 0;
  return (
    <Stack gap={3} role="status" aria-label="What the import changed">
      <Text fontWeight="semibold">
        The chart now holds {report.people.toLocaleString('en-US')} {report.people === 1 ? 'person' : 'people'}: {report.added.length} added, {report.moved.length} moved, {report.removed.length} removed,{' '}
        {report.updated.length} updated, {report.unchanged} unchanged.
      </Text>
      {nothing && <Text>Nothing changed.</Text>}
      <Section title="Added" items={report.added.map((person) => `${person.name} (${person.id})`)} />
      <Section title="Moved" items={report.moved.map((person) => `${person.name}: from ${nameOf(person.from)} to ${nameOf(person.to)}`)} />
      <Section title="Removed" items={report.removed.map((person) => `${person.name} (${person.id})`)} />
      <Section title="Updated" items={report.updated.map((person) => `${person.name}: ${person.fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`)} />
    </Stack>
  );
}

export function RowErrors({ rows }: { rows: OrgChartRowError[] }) {
  return (
    <Stack gap={2} role="alert">
      <Text fontWeight="semibold">
        The chart was not imported: {plural(rows.length, 'error')} in the file. Nothing changed. Fix the file and choose it again.
      </Text>
      <Box maxH="240px" overflowY="auto" borderWidth="1px" borderRadius="md">
        <chakra.table width="full" fontSize="sm" aria-label="Errors by line">
          <thead>
            <tr>
              <Header>Line</Header>
              <Header>Column</Header>
              <Header>Problem</Header>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 200).map((row, position) => (
              <tr key={`${row.line}-${row.field}-${position}`}>
                <Cell>{row.line}</Cell>
                <Cell>{FIELD_LABELS[row.field] ?? row.field}</Cell>
                <Cell>{row.message}</Cell>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
      {rows.length > 200 && <Text fontSize="sm">and {(rows.length - 200).toLocaleString('en-US')} more</Text>}
    </Stack>
  );
}
