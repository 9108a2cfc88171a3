// A finding's normalized severity as a word in its colour (colour is never the only sign).
import { Text } from '@chakra-ui/react';
import type { FindingSeverity } from '@portal/shared/operations';
import { SEVERITY_COLORS, SEVERITY_LABELS } from '../../../lib/labels';

export function SeverityTag({ severity }: { severity: FindingSeverity }) {
  return (
    <Text as="span" fontWeight="semibold" color={SEVERITY_COLORS[severity]} whiteSpace="nowrap">
      {SEVERITY_LABELS[severity]}
    </Text>
  );
}
