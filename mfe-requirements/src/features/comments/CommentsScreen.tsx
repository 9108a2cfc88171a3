// /requirements/comments: every comment of the process, newest first, filtered by text and
// author, a page at a time.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Empty, QueryView, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { TextField, useDebounced } from '@portal/shared/screens';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/dates';
import { useCurrentGraph } from '../../lib/graph';
import { COMMENT_PAGE_SIZE as PAGE_SIZE, useCommentSearch } from './api/searchComments';

function CommentsList({ graph }: { graph: string }) {
  const [text, setText] = useState('');
  const [author, setAuthor] = useState('');
  const [offset, setOffset] = useState(0);
  const search = useDebounced(text.trim());
  const by = useDebounced(author.trim());
  useEffect(() => setOffset(0), [search, by]);
  const comments = useCommentSearch(graph, search, by, offset);
  return (
    <Stack gap={4}>
      <HStack gap={4} flexWrap="wrap" align="flex-end">
        <TextField label="Search comments" type="search" value={text} onChange={setText} placeholder="Words in the comment" />
        <TextField label="Author" type="search" value={author} onChange={setAuthor} placeholder="Name or login" />
      </HStack>
      <QueryView query={comments} loading="Loading comments…">
        {(page) =>
          page.items.length === 0 ? (
            <Empty title="No comments" description={search || by ? 'No comment matches the filter.' : 'Nobody has commented on a requirement yet.'} />
          ) : (
            <Stack gap={3}>
              <Stack as="ol" gap={3} listStyleType="none" aria-label="Comments">
                {page.items.map((comment) => (
                  <Box as="li" key={comment.id} borderWidth="1px" borderRadius="md" p={3} aria-label={`Comment by ${comment.author?.name ?? 'a former user'} on ${comment.requirement.code}`}>
                    <HStack justify="space-between" flexWrap="wrap" mb={1}>
                      <Text fontSize="sm" fontWeight="semibold">
                        {comment.requirement.code} {comment.requirement.title}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {comment.author?.name ?? 'A former user'} · {formatDate(comment.created_at)}
                      </Text>
                    </HStack>
                    <Text whiteSpace="pre-wrap">{comment.text}</Text>
                  </Box>
                ))}
              </Stack>
              <HStack justify="space-between" as="nav" aria-label="Comment pages">
                <Text fontSize="sm" role="status">
                  {offset + 1}–{offset + page.items.length} of {page.total}
                </Text>
                <HStack>
                  <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                    Previous page
                  </Button>
                  <Button size="sm" variant="outline" disabled={offset + PAGE_SIZE >= page.total} onClick={() => setOffset(offset + PAGE_SIZE)}>
                    Next page
                  </Button>
                </HStack>
              </HStack>
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

export const CommentsScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  return (
    <ScreenFrame route={route}>
      {graph === '' ? <Empty title="No process selected" description="Choose a process to see its comments." /> : <CommentsList graph={graph} />}
    </ScreenFrame>
  );
};
