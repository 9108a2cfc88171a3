// The library's documents of the current filter: name (opens it), folder, tags, version, size,
// owner, review-by (past ones marked) and how many requirements it is evidence for.
import { chakra, HStack, Text } from '@chakra-ui/react';
import type { DocumentSummary } from '@portal/shared/collaboration';
import { formatBytes } from './csv';

const Cell = chakra('td', { base: { px: 2, py: 2, borderBottomWidth: '1px', verticalAlign: 'middle' } });
/** A tag as a badge (Chakra's Badge is not on the portal's federation surface). */
const Badge = chakra('span', { base: { px: 1.5, borderRadius: 'l1', bg: 'bg.emphasized', fontSize: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap' } });
const Header = chakra('th', { base: { px: 2, py: 2, textAlign: 'start', fontWeight: 'semibold', bg: 'bg.muted' } });

/** 'YYYY-MM-DD' as the portal shows dates (spec 9). */
export const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export function DocumentList({ documents, openId, onOpen, today }: { documents: readonly DocumentSummary[]; openId: string | undefined; onOpen: (id: string) => void; today: string }) {
  return (
    <chakra.div overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" fontSize="sm" aria-label="Documents">
        <thead>
          <tr>
            <Header>Name</Header>
            <Header>Folder</Header>
            <Header>Tags</Header>
            <Header>Version</Header>
            <Header>Size</Header>
            <Header>Owner</Header>
            <Header>Review by</Header>
            <Header>Evidence for</Header>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <chakra.tr key={document.id} bg={document.id === openId ? 'bg.emphasized' : undefined} aria-current={document.id === openId ? 'true' : undefined}>
              <Cell>
                <chakra.button type="button" fontWeight="semibold" textDecoration="underline" onClick={() => onOpen(document.id)}>
                  {document.name}
                </chakra.button>
              </Cell>
              <Cell>{document.folder || '/'}</Cell>
              <Cell>
                <HStack gap={1} flexWrap="wrap">
                  {document.tags.map((tag) => (
                    <Badge key={tag}>
                      {tag}
                    </Badge>
                  ))}
                </HStack>
              </Cell>
              <Cell>v{document.current_version}</Cell>
              <Cell>{formatBytes(document.size)}</Cell>
              <Cell>{document.owner?.name ?? '—'}</Cell>
              <Cell>
                {document.review_by ? (
                  <Text as="span" color={document.review_by < today ? 'red.600' : undefined}>
                    {usDay(document.review_by)}
                    {document.review_by < today ? ' (past due)' : ''}
                  </Text>
                ) : (
                  '—'
                )}
              </Cell>
              <Cell>{document.evidence_count === 1 ? '1 requirement' : `${document.evidence_count} requirements`}</Cell>
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </chakra.div>
  );
}
