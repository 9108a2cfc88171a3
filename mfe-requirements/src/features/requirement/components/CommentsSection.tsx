// The comments of a requirement (oldest first) and, with the comment permission, a box to add one.
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { problemText, QueryView, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { useAddRequirementComment } from '../api/addRequirementComment';
import { useRequirementRecords } from '../api/getRequirementRecords';
import { P } from '../../../lib/permissions';

import { formatTime } from '../../../lib/dates';

export function CommentsSection({ graph, id, readOnly }: { graph: string; id: string; readOnly: boolean }) {
  const comments = useRequirementRecords(graph, id, 'comments');
  const mayComment = usePermitted(P.COMMENT_REQUIREMENT) && !readOnly;
  const [text, setText] = useState('');
  const add = useAddRequirementComment(graph, id);

  return (
    <Stack gap={3}>
      <QueryView query={comments} loading="Loading comments…">
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">No comments yet.</Text>
          ) : (
            <Stack as="ul" aria-label="Comments" gap={2} listStyleType="none">
              {list.map((comment) => (
                <li key={comment.id}>
                  <Text fontSize="sm" color="fg.muted">
                    {comment.author?.name ?? 'Someone'} · {formatTime(comment.created_at)}
                  </Text>
                  <Text whiteSpace="pre-wrap">{comment.text}</Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryView>
      {mayComment && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() === '') return;
            add.mutate(text.trim(), { onSuccess: () => setText('') });
          }}
        >
          <Field.Root invalid={Boolean(add.error)}>
            <Field.Label>New comment</Field.Label>
            <Textarea value={text} rows={2} onChange={(event) => setText(event.target.value)} />
            <Field.ErrorText>{add.error ? problemText(add.error) : ''}</Field.ErrorText>
          </Field.Root>
          <HStack justify="flex-end" mt={2}>
            <Button type="submit" size="sm" disabled={text.trim() === ''} loading={add.isPending} loadingText="Add comment">
              Add comment
            </Button>
          </HStack>
        </form>
      )}
    </Stack>
  );
}
