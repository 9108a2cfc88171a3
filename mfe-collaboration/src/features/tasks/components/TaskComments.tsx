// A task's comments, oldest first, and a new one (whoever may view the task may comment).
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, QueryView } from '@portal/shared';
import { TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { formatTime } from '../../../lib/dates';
import { TASK_COMMENT_MAX, useAddTaskComment } from '../api/addTaskComment';
import { useTaskComments } from '../api/getTaskComments';

export function TaskComments({ graph, id }: { graph: string; id: string }) {
  const comments = useTaskComments(graph, id);
  const add = useAddTaskComment(graph, id);
  const [text, setText] = useState('');
  const tooLong = text.length > TASK_COMMENT_MAX;
  return (
    <Stack gap={3}>
      <QueryView query={comments} loading="Loading comments…">
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">No comments yet.</Text>
          ) : (
            <Stack as="ul" aria-label="Comments" listStyleType="none" gap={2}>
              {list.map((comment) => (
                <Box as="li" key={comment.id} borderWidth="1px" borderRadius="md" p={2}>
                  <Text fontSize="xs" color="fg.muted">
                    {comment.author?.name ?? 'Someone'} · {formatTime(comment.created_at)}
                  </Text>
                  <Text whiteSpace="pre-wrap">{comment.text}</Text>
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryView>
      <form
        aria-label="Add a comment"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '' || tooLong) return;
          add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <Stack gap={2}>
          <TextField label="Comment" multiline rows={3} value={text} onChange={setText} error={tooLong ? `At most ${TASK_COMMENT_MAX.toLocaleString('en-US')} characters.` : undefined} />
          {add.error !== null && <ErrorAlert error={add.error} />}
          <Box>
            <Button type="submit" size="sm" loading={add.isPending} loadingText="Add comment" disabled={text.trim() === '' || tooLong}>
              Add comment
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}
