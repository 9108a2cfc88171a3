import { Box, Circle, HStack, Separator, Text } from '@chakra-ui/react';
import { Fragment } from 'react';

export interface StepIndicatorProps {
  steps: { id: string; title: string }[];
  currentId: string;
  /** Ids of the steps the user went through; a branching wizard may skip some. */
  visited: string[];
}

type StepStatus = 'complete' | 'current' | 'upcoming';

/** The wizard's step indicator: every step in order, the current one marked and the visited ones done. */
export function StepIndicator({ steps, currentId, visited }: StepIndicatorProps) {
  const statusOf = (id: string): StepStatus =>
    id === currentId ? 'current' : visited.includes(id) ? 'complete' : 'upcoming';

  return (
    <HStack as="ol" aria-label="Steps" gap="3" listStyleType="none" width="full" mb="6">
      {steps.map((step, index) => {
        const status = statusOf(step.id);
        return (
          <Fragment key={step.id}>
            {index > 0 && <Separator as="li" aria-hidden flex="1" />}
            <Box as="li" aria-current={status === 'current' ? 'step' : undefined} data-status={status}>
              <HStack gap="2">
                <Circle
                  size="7"
                  fontSize="sm"
                  fontWeight="semibold"
                  bg={status === 'upcoming' ? 'bg.muted' : 'brand.solid'}
                  color={status === 'upcoming' ? 'fg.muted' : 'brand.contrast'}
                  aria-hidden
                >
                  {status === 'complete' ? '✓' : index + 1}
                </Circle>
                <Text fontWeight={status === 'current' ? 'semibold' : 'normal'} color={status === 'upcoming' ? 'fg.muted' : 'fg'}>
                  {step.title}
                </Text>
              </HStack>
            </Box>
          </Fragment>
        );
      })}
    </HStack>
  );
}
