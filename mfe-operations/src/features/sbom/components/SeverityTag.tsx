// A vulnerability's severity as a word in its colour (colour is never the only sign).
import { Text } from '@chakra-ui/react';
import type { VulnerabilitySeverity } from '@portal/shared';
import { SEVERITY_COLORS, SEVERITY_LABELS } from '../labels';

export function SeverityTag({ severity }: { severity: VulnerabilitySeverity }) {
  return (
    <Text as="span" fontWeight="semibold" color={SEVERITY_COLORS[severity]} whiteSpace="nowrap">
      {SEVERITY_LABELS[severity]}
    </Text>
  );
}

/** Counts per severity in one line, the most severe first, leaving out the zeros: "2 Critical · 1 High". */
export function SeverityCounts({ counts, order }: { counts: Record<VulnerabilitySeverity, number>; order: readonly VulnerabilitySeverity[] }) {
  const shown = order.filter((severity) => counts[severity] > 0);
  if (shown.length === 0) return <Text as="span" color="fg.muted">None</Text>;
  return (
    <Text as="span" display="inline-flex" gap={2} flexWrap="wrap">
      {shown.map((severity) => (
        <Text as="span" key={severity} whiteSpace="nowrap">
          {counts[severity]} <SeverityTag severity={severity} />
        </Text>
      ))}
    </Text>
  );
}
