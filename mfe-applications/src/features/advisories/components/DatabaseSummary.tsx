// What the vulnerability database holds: how many advisories and known exploited CVEs, how fresh
// they are, and the advisories per ecosystem. An empty database says what to import first.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { Figures } from '../../../components/Figures';
import { Empty, QueryView } from '../../../components/QueryStates';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useVulnerabilityDatabase } from '../api/getVulnerabilityDatabase';

export function DatabaseSummary() {
  const database = useVulnerabilityDatabase();
  return (
    <Stack as="section" aria-labelledby="database-heading" gap={3}>
      <Heading as="h2" size="md" id="database-heading">
        In the database
      </Heading>
      <QueryView query={database} loading="Loading the vulnerability database…">
        {(summary) => (
          <Stack gap={3}>
            <Figures
              label="Vulnerability database"
              figures={[
                ['Advisories', summary.advisories],
                ['Ecosystems', summary.ecosystems.length],
                ['Known exploited CVEs', summary.knownExploited.entries],
              ]}
            />
            {summary.advisories === 0 ? (
              <Empty
                title="No advisories yet."
                description="Builds are matched against the advisories imported here: import OSV records or an ecosystem's zip export below."
              />
            ) : (
              <Text fontSize="sm" data-testid="advisories-freshness">
                Advisories last imported {formatDateTime(summary.lastImportedAt)}; the newest was modified {formatDate(summary.newestModified)}.
              </Text>
            )}
            <Text fontSize="sm" data-testid="kev-freshness">
              {summary.knownExploited.entries === 0
                ? 'No KEV catalog imported yet: no finding is flagged as an active exploit.'
                : `KEV catalog ${summary.knownExploited.catalogVersion ? `version ${summary.knownExploited.catalogVersion}, ` : ''}imported ${formatDateTime(summary.knownExploited.lastImportedAt)}.`}
            </Text>
            {summary.ecosystems.length > 0 && (
              <Stack gap={2}>
                <Heading as="h3" size="sm">
                  Advisories per ecosystem
                </Heading>
                <Figures label="Advisories per ecosystem" figures={summary.ecosystems.map(({ ecosystem, advisories }) => [ecosystem, advisories] as const)} />
              </Stack>
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
