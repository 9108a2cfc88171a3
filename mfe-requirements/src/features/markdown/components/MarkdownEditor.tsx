// A markdown text area with its live, sanitized preview beside it (below on narrow screens): the
// description field of Add/Modify and the /demo/markdown-preview screen.
import { Box, Flex, Text, Textarea } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { MarkdownView } from './MarkdownView';

export interface MarkdownEditorProps {
  id?: string;
  value: string;
  onChange: (text: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The accessible name of the text area when no <label for=id> names it. */
  label?: string;
  rows?: number;
}

export function MarkdownEditor({ id, value, onChange, onFocus, onBlur, disabled, invalid, label, rows = 10 }: MarkdownEditorProps) {
  // Typing stays fluid on long texts: the preview follows at React's pace.
  const preview = useDeferredValue(value);
  return (
    <Flex gap={4} direction={{ base: 'column', lg: 'row' }} w="full">
      <Textarea
        id={id}
        aria-label={label}
        value={value}
        rows={rows}
        fontFamily="mono"
        flex="1"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      />
      <Box as="section" aria-label="Preview" flex="1" borderWidth="1px" borderRadius="md" p={3} minH="10rem" overflow="auto">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb={2} aria-hidden>
          Preview
        </Text>
        <MarkdownView text={preview} empty="Nothing to preview." />
      </Box>
    </Flex>
  );
}
