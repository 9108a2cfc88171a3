// The requirement page's Compliance section: the evidence panel loaded when first shown (its checks,
// dialogs and history are not part of the depository's first load).
import { Box, Heading } from '@chakra-ui/react';
import { Loading } from '@portal/shared';
import { lazy, Suspense } from 'react';
import type { CompliancePanelProps } from './CompliancePanel';

const CompliancePanel = lazy(() => import('./CompliancePanel').then((module) => ({ default: module.CompliancePanel })));

export function ComplianceSection(props: CompliancePanelProps) {
  return (
    <Box as="section" aria-label="Compliance">
      <Heading as="h3" size="sm" mb={2}>
        Compliance
      </Heading>
      <Suspense fallback={<Loading label="Loading compliance…" />}>
        <CompliancePanel {...props} />
      </Suspense>
    </Box>
  );
}
