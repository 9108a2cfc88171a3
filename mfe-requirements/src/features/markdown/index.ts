// Markdown: the sanitised view of a requirement's description and the editor with its preview.
export { MarkdownEditor } from './components/MarkdownEditor';
export { MarkdownPreviewScreen } from './components/MarkdownPreviewScreen';
export { MarkdownView } from './components/MarkdownView';
