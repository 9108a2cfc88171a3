// Search across the apps (issue 7 item 4): components and vulnerabilities of every app's latest
// build, or builds by app, component or vulnerability. A search runs once the text is not empty
// (spec 5) and the user paused typing.
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BUILD_SEARCH_CATEGORIES, type BuildSearchCategory } from '@portal/shared';
import { SelectField, useDebounced } from '@portal/shared/screens';
import { useState } from 'react';
import { SearchInput } from '../../../components/filters';
import { QueryView } from '../../../components/QueryStates';
import { useBuildSearch } from '../api/searchBuilds';
import { useFindingSearch } from '../api/searchFindings';
import { searchable, type SearchScope } from '../api/searchScope';
import { BuildResults, ComponentResults, VulnerabilityResults } from './SearchResults';

type Kind = 'components' | 'vulnerabilities' | 'builds';

const KINDS: { value: Kind; label: string }[] = [
  { value: 'components', label: 'Components' },
  { value: 'vulnerabilities', label: 'Vulnerabilities' },
  { value: 'builds', label: 'Builds' },
];
const CATEGORY_LABELS: Record<BuildSearchCategory, string> = { all: 'Everything', app: 'Application', component: 'Component', vulnerability: 'Vulnerability' };
const PLACEHOLDERS: Record<Kind, string> = {
  components: 'Name, group or purl, e.g. lodash',
  vulnerabilities: 'Advisory id, alias or summary, e.g. CVE-2021-23337',
  builds: 'App, component or vulnerability',
};

export function PortfolioSearch({ scope, platformView }: { scope: SearchScope; platformView: boolean }) {
  const [kind, setKind] = useState<Kind>('components');
  const [text, setText] = useState('');
  const [category, setCategory] = useState<BuildSearchCategory>('all');
  const settled = useDebounced(text);
  const components = useFindingSearch(scope, 'components', settled, kind === 'components');
  const vulnerabilities = useFindingSearch(scope, 'vulnerabilities', settled, kind === 'vulnerabilities');
  const builds = useBuildSearch(scope, settled, category, kind === 'builds');
  const ready = searchable(settled);

  return (
    <Stack as="section" aria-labelledby="portfolio-search" gap={3}>
      <Heading as="h2" size="md" id="portfolio-search">
        Search
      </Heading>
      <HStack gap={3} align="end" flexWrap="wrap">
        <Box w="11rem">
          <SelectField label="Search for" size="sm" value={kind} onChange={(value) => setKind(value as Kind)} options={KINDS} />
        </Box>
        {kind === 'builds' && (
          <Box w="10rem">
            <SelectField
              label="Matching"
              size="sm"
              value={category}
              onChange={(value) => setCategory(value as BuildSearchCategory)}
              options={BUILD_SEARCH_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
            />
          </Box>
        )}
        <SearchInput label={`Search ${kind}`} placeholder={PLACEHOLDERS[kind]} value={text} onChange={setText} width="22rem" />
      </HStack>
      {!ready ? (
        <Text fontSize="sm" color="fg.muted">
          Type to search {kind === 'builds' ? 'the builds of every app' : `the ${kind} of every app's latest build`}.
        </Text>
      ) : kind === 'components' ? (
        <QueryView query={components} loading="Searching components…">
          {(hits) => (hits.length === 0 ? <Text fontSize="sm">No component matches “{settled.trim()}”.</Text> : <ComponentResults hits={hits} platformView={platformView} />)}
        </QueryView>
      ) : kind === 'vulnerabilities' ? (
        <QueryView query={vulnerabilities} loading="Searching vulnerabilities…">
          {(hits) => (hits.length === 0 ? <Text fontSize="sm">No finding matches “{settled.trim()}”.</Text> : <VulnerabilityResults hits={hits} platformView={platformView} />)}
        </QueryView>
      ) : (
        <QueryView query={builds} loading="Searching builds…">
          {(hits) => (hits.length === 0 ? <Text fontSize="sm">No build matches “{settled.trim()}”.</Text> : <BuildResults hits={hits} platformView={platformView} />)}
        </QueryView>
      )}
    </Stack>
  );
}
