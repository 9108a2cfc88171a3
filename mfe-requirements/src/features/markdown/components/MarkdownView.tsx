// Markdown as the requirement screens show it (issue 6): GitHub-flavoured markdown rendered by
// react-markdown with rehype-sanitize (GitHub's schema), so raw HTML, scripts, event handlers and
// javascript: links never reach the page; react-markdown's own URL check drops such links too.
import { Box, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// Loaded with the first text shown, so the routes' first chunk stays small.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

export interface MarkdownViewProps {
  text: string;
  /** Shown when the text is empty. */
  empty?: string;
  'aria-label'?: string;
}

export function MarkdownView({ text, empty = 'No description.', 'aria-label': label }: MarkdownViewProps) {
  if (text.trim() === '') {
    return (
      <Text color="fg.muted" fontStyle="italic" aria-label={label}>
        {empty}
      </Text>
    );
  }
  return (
    <Box
      aria-label={label}
      role={label ? 'region' : undefined}
      lineHeight="tall"
      wordBreak="break-word"
      css={{
        '& h3': { fontSize: 'xl', fontWeight: 'bold', mt: 3, mb: 2 },
        '& h4': { fontSize: 'lg', fontWeight: 'bold', mt: 3, mb: 2 },
        '& h5, & h6': { fontSize: 'md', fontWeight: 'semibold', mt: 2, mb: 1 },
        '& p': { mb: 2 },
        '& ul': { pl: 5, mb: 2, listStyleType: 'disc' },
        '& ol': { pl: 5, mb: 2, listStyleType: 'decimal' },
        '& a': { color: 'blue.600', textDecoration: 'underline' },
        '& code': { fontFamily: 'mono', bg: 'bg.muted', px: 1, borderRadius: 'sm' },
        '& pre': { bg: 'bg.muted', p: 3, borderRadius: 'md', overflowX: 'auto', mb: 2 },
        '& blockquote': { borderLeftWidth: '3px', pl: 3, color: 'fg.muted', mb: 2 },
        '& table': { borderCollapse: 'collapse', mb: 2 },
        '& th, & td': { borderWidth: '1px', px: 2, py: 1 },
      }}
    >
      <Suspense fallback={<Text color="fg.muted">{text}</Text>}>
        <MarkdownRenderer text={text} />
      </Suspense>
    </Box>
  );
}
