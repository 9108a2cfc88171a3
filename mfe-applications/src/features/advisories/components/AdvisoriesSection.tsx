// The imports into the vulnerability database behind every app's findings, for those who may import
// (route-table.md: POST /api/vulnerabilities/imports and /kev need import=>Vulnerability@global: a
// Global Admin's, as every organization's builds are matched against it). Shown on the Vulnerability
// Database screen; Security Posture links there (VulnerabilityDatabaseLink).
import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { Link } from 'react-router';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { AdvisoryImport } from './AdvisoryImport';
import { KevImport } from './KevImport';

export const VULNERABILITY_DATABASE_PATH = '/administration/global/vulnerabilities';

export function AdvisoriesSection() {
  const mayImport = usePermitted(APPLICATION_PERMISSIONS.IMPORT_ADVISORIES);
  if (!mayImport) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="read-only-database">
        Read-only: every organization's builds are matched against this database, so importing advisories and KEV catalogs is a Global Admin's.
      </Text>
    );
  }
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

/** Security Posture's way to the database: its imports for those who may import, read-only for organization administrators. */
export function VulnerabilityDatabaseLink() {
  const mayImport = usePermitted(APPLICATION_PERMISSIONS.IMPORT_ADVISORIES);
  const mayRead = usePermitted(APPLICATION_PERMISSIONS.VIEW_VULNERABILITY_DATABASE);
  if (!mayRead) return null;
  return (
    <Stack as="section" aria-labelledby="vulnerability-database-heading" gap={1}>
      <Heading as="h2" size="md" id="vulnerability-database-heading">
        Vulnerability database
      </Heading>
      <Text fontSize="sm">
        Every app's builds are matched against the installation's OSV advisories and CISA's catalog of known exploited vulnerabilities.{' '}
        <ChakraLink asChild colorPalette="blue">
          <Link to={VULNERABILITY_DATABASE_PATH}>{mayImport ? 'Import advisories and see what the database holds' : 'See what the database holds'}</Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}
