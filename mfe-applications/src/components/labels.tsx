// The small coloured labels of these screens: severity, counts by severity, 'active exploit' and a
// build's processing status. Colour is never the only signal: each label says its word.
import { chakra, HStack, Spinner } from '@chakra-ui/react';
import { isFinalStatus, SEVERITIES, type BuildStatus, type Severity, type SeverityCounts } from '../lib/types';

// Every pair of colours reads at 4.5:1 or more (WCAG AA): black on orange.600, not white (3.55:1).
const SEVERITY_STYLE: Record<Severity, { bg: string; color: string; label: string }> = {
  CRITICAL: { bg: 'red.700', color: 'white', label: 'Critical' },
  HIGH: { bg: 'orange.600', color: 'black', label: 'High' },
  MEDIUM: { bg: 'yellow.400', color: 'black', label: 'Medium' },
  LOW: { bg: 'blue.100', color: 'blue.900', label: 'Low' },
  NONE: { bg: 'gray.100', color: 'gray.800', label: 'None' },
  UNKNOWN: { bg: 'gray.200', color: 'gray.800', label: 'Unknown' },
};

export const severityLabel = (severity: Severity): string => SEVERITY_STYLE[severity]?.label ?? severity;

function Pill({ bg, color, children, title }: { bg: string; color: string; children: React.ReactNode; title?: string }) {
  return (
    <chakra.span display="inline-flex" alignItems="center" gap={1} px={2} py={0.5} borderRadius="full" fontSize="xs" fontWeight="semibold" bg={bg} color={color} whiteSpace="nowrap" title={title}>
      {children}
    </chakra.span>
  );
}

export function SeverityBadge({ severity, score }: { severity: Severity; score?: number | null }) {
  const style = SEVERITY_STYLE[severity] ?? SEVERITY_STYLE.UNKNOWN;
  return (
    <Pill bg={style.bg} color={style.color}>
      {style.label}
      {score !== undefined && score !== null && <chakra.span fontWeight="normal">{score.toFixed(1)}</chakra.span>}
    </Pill>
  );
}

/** The severities shown as columns of Security Posture (NONE and UNKNOWN only when present). */
export const MAIN_SEVERITIES: readonly Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

/** Counts by severity, worst first; zero counts are grey (not faded: still 4.5:1), so the eye finds what matters. */
export function SeverityCountsView({ counts, label }: { counts: SeverityCounts; label: string }) {
  const shown = SEVERITIES.filter((severity) => MAIN_SEVERITIES.includes(severity) || counts[severity] > 0);
  return (
    <HStack as="ul" aria-label={label} gap={1.5} listStyleType="none" flexWrap="wrap">
      {shown.map((severity) => {
        const style = SEVERITY_STYLE[severity];
        const count = counts[severity] ?? 0;
        return (
          <li key={severity} aria-label={`${style.label}: ${count}`}>
            <Pill bg={count === 0 ? 'gray.100' : style.bg} color={count === 0 ? 'gray.700' : style.color} title={style.label}>
              {style.label} {count}
            </Pill>
          </li>
        );
      })}
    </HStack>
  );
}

export function ActiveExploitBadge() {
  return (
    <Pill bg="purple.700" color="white" title="Listed in CISA's Known Exploited Vulnerabilities catalog">
      Active exploit
    </Pill>
  );
}

const STATUS_STYLE: Record<BuildStatus, { bg: string; color: string; label: string }> = {
  PENDING: { bg: 'gray.200', color: 'gray.800', label: 'Pending' },
  PROCESSING: { bg: 'blue.100', color: 'blue.900', label: 'Processing' },
  DONE: { bg: 'green.100', color: 'green.900', label: 'Done' },
  FAILED: { bg: 'red.100', color: 'red.900', label: 'Failed' },
};

export function BuildStatusBadge({ status }: { status: BuildStatus }) {
  const style = STATUS_STYLE[status] ?? STATUS_STYLE.PENDING;
  return (
    <Pill bg={style.bg} color={style.color}>
      {!isFinalStatus(status) && <Spinner size="xs" aria-hidden />}
      {style.label}
    </Pill>
  );
}
