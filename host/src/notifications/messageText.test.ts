import { messageParts, portalPath, safeHref } from './messageText';

it('renders the ##…## part as a link to itself or to the notification link', () => {
  expect(messageParts('Open ##/requirements/7## now')).toEqual([
    { kind: 'text', text: 'Open ' },
    { kind: 'link', text: '/requirements/7', href: '/requirements/7' },
    { kind: 'text', text: ' now' },
  ]);
  expect(messageParts('Review ##R-7##', '/requirements/7')).toEqual([
    { kind: 'text', text: 'Review ' },
    { kind: 'link', text: 'R-7', href: '/requirements/7' },
  ]);
  expect(messageParts('See ##https://example.com/a?b=1##')[1]).toEqual({
    kind: 'link',
    text: 'https://example.com/a?b=1',
    href: 'https://example.com/a?b=1',
  });
});

it('keeps a message without link, and an unsafe target, as plain text', () => {
  expect(messageParts('Just text')).toEqual([{ kind: 'text', text: 'Just text' }]);
  expect(messageParts('Click ##javascript:alert(1)##')).toEqual([
    { kind: 'text', text: 'Click ' },
    { kind: 'text', text: 'javascript:alert(1)' },
  ]);
  expect(safeHref('//evil.example')).toBeUndefined();
  expect(safeHref('data:text/html,x')).toBeUndefined();
});

it('takes for a path of the portal only what stays on this site however a browser reads it', () => {
  expect(portalPath('/requirements/7?x=1#y')).toBe('/requirements/7?x=1#y');
  expect(portalPath(' /dashboard ')).toBe('/dashboard');
  for (const elsewhere of ['//evil.example/x', '/\\evil.example/x', '/\t/evil.example', 'https://evil.example', 'evil.example', 'javascript:alert(1)', '']) {
    expect([elsewhere, portalPath(elsewhere)]).toEqual([elsewhere, undefined]);
  }
  expect(safeHref('/\\evil.example')).toBeUndefined();
  expect(safeHref('/\t/evil.example')).toBeUndefined();
});
