// The requirement's evidence (issue 23 item 8): the shared files linked to it, each a link to the
// file in Shared Files (mfe-collaboration), where documents are linked and unlinked.
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, usePermitted } from '@portal/shared';
import { Link } from 'react-router';
import { LIST_DOCUMENT, useEvidence } from '../api/getEvidence';

export const documentLink = (id: string) => `/collaboration/share-files?document=${encodeURIComponent(id)}`;

export function EvidenceSection({ graph, id }: { graph: string; id: string }) {
  const mayList = usePermitted(LIST_DOCUMENT);
  const evidence = useEvidence(graph, id, mayList);
  if (!mayList) return null;
  if (evidence.isPending) return <Loading label="Loading evidence…" />;
  if (evidence.error || !evidence.data) return <ErrorAlert error={evidence.error} onRetry={() => void evidence.refetch()} />;
  if (evidence.data.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No shared file is evidence for it yet.
      </Text>
    );
  }
  return (
    <Stack as="ul" aria-label="Evidence" gap={1} listStyleType="none">
      {evidence.data.map((document) => (
        <li key={document.id}>
          <ChakraLink asChild colorPalette="blue" fontSize="sm">
            <Link to={documentLink(document.id)}>{document.folder ? `${document.folder}/${document.name}` : document.name}</Link>
          </ChakraLink>{' '}
          <Text as="span" fontSize="xs" color="fg.muted">
            v{document.current_version}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
