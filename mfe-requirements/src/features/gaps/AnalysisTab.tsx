// The frame the risks and conflicts tabs share: an add button for who may add, the list once the
// query answers (or its empty state) and the add dialog, which the button opens.
import { Button, HStack, Stack } from '@chakra-ui/react';
import { Empty, QueryView, type EmptyProps, type QueryLike } from '@portal/shared';
import { useState, type ReactNode } from 'react';

export interface AnalysisTabProps<T> {
  query: QueryLike<T[]>;
  loading: string;
  /** The add button's words; the button shows only when `mayAdd`. */
  addText: string;
  mayAdd: boolean;
  empty: EmptyProps;
  addDialog: (open: boolean, onClose: () => void) => ReactNode;
  children: (list: T[]) => ReactNode;
}

export function AnalysisTab<T>({ query, loading, addText, mayAdd, empty, addDialog, children }: AnalysisTabProps<T>) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap={4}>
      {mayAdd && (
        <HStack>
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            {addText}
          </Button>
        </HStack>
      )}
      <QueryView query={query} loading={loading}>
        {(list) => (list.length === 0 ? <Empty {...empty} /> : children(list))}
      </QueryView>
      {addDialog(adding, () => setAdding(false))}
    </Stack>
  );
}
