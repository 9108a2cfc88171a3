// A requirement's compliance as a badge: a mark and a word (passing, failing, not evaluated) —
// never colour alone — named 'Compliance: failing' for assistive technologies (the name holds
// the word it shows, WCAG 2.5.3); its text says the same where it describes a tree row.
import { chakra } from '@chakra-ui/react';
import type { ComplianceStatus } from '@portal/shared/compliance';
import { STATUS_WORDS } from './words';

export const complianceName = (status: ComplianceStatus) => `Compliance: ${STATUS_WORDS[status].label.toLowerCase()}`;

export function ComplianceBadge({ status, size = 'sm' }: { status: ComplianceStatus; size?: 'sm' | 'md' }) {
  const { label, palette, mark } = STATUS_WORDS[status];
  return (
    <chakra.span
      role="img"
      aria-label={complianceName(status)}
      display="inline-flex"
      alignItems="center"
      gap={1}
      px={2}
      py="1px"
      fontSize={size === 'md' ? 'sm' : 'xs'}
      fontWeight="semibold"
      borderRadius="sm"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      whiteSpace="nowrap"
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      data-status={status}
    >
      {/* Read where the badge describes something else (a tree row's description is its text). */}
      <chakra.span srOnly>Compliance: </chakra.span>
      <span aria-hidden="true">{mark}</span>
      {label}
    </chakra.span>
  );
}
