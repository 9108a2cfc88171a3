// /demo/markdown-preview: the markdown editor with its sanitized live preview (a demo route).
import { Stack, Text } from '@chakra-ui/react';
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { useState } from 'react';
import { MarkdownEditor } from './MarkdownEditor';

const SAMPLE = `# Markdown preview

Requirements are written in **GitHub-flavoured markdown**:

- lists, *emphasis*, \`code\` and [links](https://example.com)
- tables and task lists

| Control | Status |
| --- | --- |
| AC-1 | Done |

Raw HTML and script links are removed: <script>alert('no')</script> [not a link](javascript:alert('no'))
`;

export const MarkdownPreviewScreen: ScreenComponent = ({ route }) => {
  const [text, setText] = useState(SAMPLE);
  return (
    <ScreenFrame route={route}>
      <Stack gap={3}>
        <Text color="fg.muted">Type markdown on the left; the preview shows what the portal renders.</Text>
        <MarkdownEditor label="Markdown" value={text} onChange={setText} rows={18} />
      </Stack>
    </ScreenFrame>
  );
};
