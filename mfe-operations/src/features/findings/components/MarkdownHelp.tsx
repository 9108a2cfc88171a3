// A rule's help rendered safely (react-markdown, GitHub-flavoured, rehype-sanitize with GitHub's
// schema: no raw HTML, scripts, handlers or javascript: links), in its own chunk: the lists load
// it only when a finding is opened.
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeSanitize];

export default function MarkdownHelp({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS}>
      {text}
    </Markdown>
  );
}
