// The markdown pipeline itself (react-markdown, GitHub-flavoured markdown, rehype-sanitize), in its
// own chunk: MarkdownView loads it when a text is first shown.
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeSanitize];

// The screen's title is its one h1: markdown headings start three levels lower.
const demote = (Tag: 'h3' | 'h4' | 'h5' | 'h6') =>
  function Heading({ children }: { children?: React.ReactNode }) {
    return <Tag>{children}</Tag>;
  };
const COMPONENTS = { h1: demote('h3'), h2: demote('h4'), h3: demote('h5'), h4: demote('h6'), h5: demote('h6'), h6: demote('h6') };

export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS}>
      {text}
    </Markdown>
  );
}
