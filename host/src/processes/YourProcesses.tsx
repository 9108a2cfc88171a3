import { useEffect } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { bus, type Process } from '@portal/shared';

export const YOUR_PROCESSES_TITLE = 'Your Processes';

/**
 * The process chooser of spec 2.3: the user has several processes and none is chosen yet. The
 * route the user asked for opens once a process is chosen.
 */
export function YourProcesses({ processes, onChoose }: { processes: readonly Process[]; onChoose: (process: Process) => void }) {
  useEffect(() => {
    bus.emit('screen:title', { title: YOUR_PROCESSES_TITLE, owner: 'host', path: window.location.pathname });
  }, []);
  return (
    <Box as="section" p={6} maxW="2xl" data-testid="your-processes">
      <Heading as="h1" size="xl" mb={1}>
        {YOUR_PROCESSES_TITLE}
      </Heading>
      <Text color="fg.muted" mb={6}>
        Choose the process to work in. You can switch processes later in the process menu.
      </Text>
      <Stack as="ul" gap={2} listStyleType="none" aria-label={YOUR_PROCESSES_TITLE}>
        {processes.map((process) => (
          <li key={process.id}>
            <Button
              variant="outline"
              width="full"
              height="auto"
              py={3}
              justifyContent="space-between"
              // On a phone the code and type go under the name instead of past the button's edge.
              flexWrap="wrap"
              whiteSpace="normal"
              textAlign="start"
              onClick={() => onChoose(process)}
            >
              <Text as="span" fontWeight="semibold">
                {process.name}
              </Text>
              <Text as="span" fontSize="sm" color="fg.muted">
                {process.code_name} · {process.type}
              </Text>
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
