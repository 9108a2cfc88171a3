// The chosen person: photo (initials), title, department, email, manager and reports (each a
// button that centres them), and the portal user linked by email.
import { Box, Button, Circle, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { initialsOf, type People } from '../utils/people';

export function PersonPanel({ people, index, onCentre }: { people: People; index: number; onCentre: (index: number) => void }) {
  const person = people.list[index];
  const manager = person.managerId === null ? undefined : people.byId.get(person.managerId);
  const reports = people.children[index];
  return (
    <Box as="section" aria-label={`About ${person.name}`} borderWidth="1px" borderRadius="md" p={4}>
      <HStack gap={3} mb={3} align="start">
        <Circle size="48px" bg="blue.subtle" color="blue.fg" fontWeight="semibold" aria-hidden>
          {initialsOf(person.name)}
        </Circle>
        <Stack gap={0}>
          <Text fontWeight="semibold" fontSize="lg">
            {person.name}
          </Text>
          <Text color="fg.muted">{person.title || 'No title'}</Text>
          <Text fontSize="sm">
            {person.department ? `${person.department} · ` : ''}id {person.id}
          </Text>
        </Stack>
      </HStack>
      <Stack gap={2} fontSize="sm">
        <Text>Email: {person.email ?? 'none'}</Text>
        <Text>{person.loginId ? `Portal user: ${person.loginId}` : 'No portal user has this email.'}</Text>
        <HStack gap={2}>
          <Text>Manager:</Text>
          {manager ? (
            <Button size="xs" variant="outline" onClick={() => onCentre(manager.index)}>
              {manager.name}
            </Button>
          ) : (
            <Text>none (top of the chart)</Text>
          )}
        </HStack>
        {reports.length > 0 && (
          <Stack gap={1}>
            <Text>
              {reports.length} direct {reports.length === 1 ? 'report' : 'reports'}:
            </Text>
            <Flex gap={1} wrap="wrap">
              {reports.slice(0, 30).map((report) => (
                <Button key={report} size="xs" variant="ghost" onClick={() => onCentre(report)}>
                  {people.list[report].name}
                </Button>
              ))}
              {reports.length > 30 && <Text>and {reports.length - 30} more</Text>}
            </Flex>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
