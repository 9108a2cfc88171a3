// The vulnerability data behind every app's findings, for those who may import it (route-table.md:
// POST /api/vulnerabilities/imports and /kev need import=>Vulnerability@global: a Global Admin's,
// as every organization's builds are matched against it).
import { Heading, Stack } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { AdvisoryImport } from './AdvisoryImport';
import { KevImport } from './KevImport';

export function AdvisoriesSection() {
  const mayImport = usePermitted(APPLICATION_PERMISSIONS.IMPORT_ADVISORIES);
  if (!mayImport) return null;
  return (
    <Stack as="section" aria-labelledby="advisories-heading" gap={3}>
      <Heading as="h2" size="md" id="advisories-heading">
        Advisories
      </Heading>
      <AdvisoryImport />
      <Heading as="h3" size="sm">
        Known exploited vulnerabilities
      </Heading>
      <KevImport />
    </Stack>
  );
}
