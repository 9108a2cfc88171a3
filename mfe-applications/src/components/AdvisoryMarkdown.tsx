// An advisory's details rendered as the markdown they are written in (GitHub advisories: headings,
// code, links), safely: react-markdown, GitHub-flavoured, rehype-sanitize with GitHub's schema (no
// raw HTML, scripts, handlers or javascript: links), as requirement descriptions are. In its own
// chunk: it loads when a finding is opened.
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeSanitize];

export default function AdvisoryMarkdown({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS}>
      {text}
    </Markdown>
  );
}
