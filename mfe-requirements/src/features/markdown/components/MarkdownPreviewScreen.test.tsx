import { ROUTES } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { MarkdownView } from './MarkdownView';
import { MarkdownPreviewScreen } from './MarkdownPreviewScreen';

const route = ROUTES.find((candidate) => candidate.path === '/demo/markdown-preview')!;

describe('MarkdownPreviewScreen', () => {
  it('previews what is typed, sanitized: no script, no javascript: link', async () => {
    const { user, container } = renderScreen(<MarkdownPreviewScreen route={route} />);
    const editor = screen.getByRole('textbox', { name: 'Markdown' });
    await fill(user, editor, '## Access control\n\n[safe](https://example.com) [evil](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror="alert(3)">');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Access control' })).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com');
    expect(within(preview).queryByRole('link', { name: 'evil' })).not.toBeInTheDocument();
    expect(within(preview).getByText('evil')).not.toHaveAttribute('href');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(preview.innerHTML).not.toContain('javascript:');
  });
});

describe('MarkdownView', () => {
  it('renders tables and says so when there is nothing', async () => {
    const { unmount } = renderScreen(<MarkdownView text={'| a | b |\n| - | - |\n| 1 | 2 |'} />);
    expect(await screen.findByRole('table')).toHaveTextContent('12');
    unmount();
    renderScreen(<MarkdownView text="  " />);
    expect(screen.getByText('No description.')).toBeInTheDocument();
  });
});
