// One check of a requirement on its evidence panel: what it verifies in words (kind, scope,
// parameters), its status with its summary, and the reasons — each a link to the finding,
// component, resource, file or task it names — with Edit and Delete for who may change it.
import { Box, Button, chakra, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ComplianceCheck, ComplianceReason } from '@portal/shared/compliance';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/dates';
import { ComplianceBadge } from './ComplianceBadge';
import { KIND_LABELS, REASON_LABELS, scopeText, STATUS_WORDS } from './words';

function Reason({ reason }: { reason: ComplianceReason }) {
  return (
    <Box as="li" fontSize="sm">
      <Text as="span" color="fg.muted" fontSize="xs" mr={1.5}>
        {REASON_LABELS[reason.kind]}
      </Text>
      {reason.link ? (
        <ChakraLink asChild colorPalette="blue">
          <Link to={reason.link}>{reason.label}</Link>
        </ChakraLink>
      ) : (
        <Text as="span">{reason.label}</Text>
      )}
    </Box>
  );
}

export interface CheckItemProps {
  check: ComplianceCheck;
  /** Edit and Delete are offered. */
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function CheckItem({ check, editable, onEdit, onDelete }: CheckItemProps) {
  const { result } = check;
  const kind = KIND_LABELS[check.kind];
  // reason_total counts every reason found; `reasons` holds those kept that the caller may see.
  const beyond = result.reason_total - result.reasons.length - result.hidden_reasons;
  return (
    <Box as="li" aria-label={`${kind}: ${STATUS_WORDS[result.status].label.toLowerCase()}`} borderWidth="1px" borderRadius="md" p={3} listStyleType="none">
      <HStack justify="space-between" align="flex-start" gap={2}>
        <Stack gap={0.5} minW={0}>
          <Text fontWeight="semibold" fontSize="sm">
            {kind}
          </Text>
          <Text fontSize="sm">{check.description}</Text>
          <Text fontSize="xs" color="fg.muted">
            Scope: {scopeText(check.scope)}
          </Text>
        </Stack>
        <ComplianceBadge status={result.status} />
      </HStack>
      <Text fontSize="sm" mt={2}>
        {result.summary}
      </Text>
      {result.reasons.length > 0 && (
        <chakra.ul aria-label={`Reasons: ${kind}`} mt={1} ps={3} listStyleType="none">
          {result.reasons.map((reason) => (
            <Reason key={`${reason.kind}:${reason.id}`} reason={reason} />
          ))}
        </chakra.ul>
      )}
      {(beyond > 0 || result.hidden_reasons > 0) && (
        <Text fontSize="xs" color="fg.muted" mt={1}>
          {[
            beyond > 0 ? `${beyond} more not listed.` : '',
            result.hidden_reasons > 0 ? `${result.hidden_reasons} you may not see ${result.hidden_reasons === 1 ? 'is' : 'are'} left out.` : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
      )}
      <HStack justify="space-between" mt={2} gap={2} flexWrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {result.evaluated_at ? `Evaluated ${formatTime(result.evaluated_at)}` : 'Not evaluated yet'} · {STATUS_WORDS[result.status].label} since {formatTime(result.since)}
        </Text>
        {editable && (
          <HStack gap={2}>
            <Button size="xs" variant="outline" aria-label={`Edit check: ${kind}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete check: ${kind}`} onClick={onDelete}>
              Delete
            </Button>
          </HStack>
        )}
      </HStack>
    </Box>
  );
}
