// Contact Us (spec 2.3, 7, 8): the inquiry form checks its fields, posts them to
// /api/misc/inquiry, empties itself once sent, and shows the spec 8 inquiry failure message
// (with the server's field messages) when the API refuses or fails.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortalQueryClient, INQUIRY_FAILURE_MESSAGE, MESSAGES, PortalProvider, PortalRouter, resolveRoute } from '@portal/shared';
import ContactUs, { PHONE_MESSAGE } from './ContactUs';

const route = resolveRoute('/support/contactUs')!.route;
let posted: { url: string; body: unknown; headers: Headers }[];
let answer: () => Response;

beforeEach(() => {
  posted = [];
  answer = () => new Response(JSON.stringify({ id: 'i1', created_at: '2030-05-01T08:00:00.000Z' }), { status: 201, headers: { 'content-type': 'application/json' } });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    posted.push({ url: String(input), body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) });
    return answer();
  }) as typeof fetch;
  render(
    <PortalProvider queryClient={createPortalQueryClient()}>
      <PortalRouter>
        <ContactUs route={route} />
      </PortalRouter>
    </PortalProvider>,
  );
});

const subject = () => screen.getByRole('textbox', { name: /Subject/ });
const message = () => screen.getByRole('textbox', { name: /Message/ });
const phone = () => screen.getByRole('textbox', { name: /Phone/ });
const send = () => screen.getByRole('button', { name: 'Send' });

it('sends the inquiry once subject and message are filled, and empties the form', async () => {
  expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
  expect(send()).toBeDisabled();
  await userEvent.type(subject(), '  Invoice question ');
  expect(send()).toBeDisabled();
  await userEvent.type(message(), 'Where is my invoice?');
  await userEvent.type(phone(), '+1 555-0100');
  await userEvent.click(send());
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0].url).toBe('/api/misc/inquiry');
  expect(posted[0].body).toEqual({ subject: 'Invoice question', message: 'Where is my invoice?', phone: '+1 555-0100' });
  await waitFor(() => expect(subject()).toHaveValue(''));
  expect(message()).toHaveValue('');
});

it('leaves an empty phone out and shows the field messages of spec 5', async () => {
  await userEvent.click(subject());
  await userEvent.tab();
  expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
  await userEvent.click(subject());
  await userEvent.paste('x'.repeat(256));
  expect(screen.getByText(MESSAGES.maxLength(255))).toBeInTheDocument();
  await userEvent.clear(subject());
  await userEvent.type(subject(), 'Call me');
  await userEvent.type(message(), 'Please');
  await userEvent.type(phone(), 'tomorrow');
  await userEvent.tab();
  expect(screen.getByText(PHONE_MESSAGE)).toBeInTheDocument();
  expect(send()).toBeDisabled();
  await userEvent.clear(phone());
  await userEvent.click(send());
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0].body).toEqual({ subject: 'Call me', message: 'Please' });
});

it('shows the inquiry failure message and the server field messages when the API refuses', async () => {
  answer = () =>
    new Response(
      JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Invalid input.', errors: [{ field: 'message', message: 'Invalid input.' }] }),
      { status: 400, headers: { 'content-type': 'application/problem+json' } },
    );
  await userEvent.type(subject(), 'Hello');
  await userEvent.type(message(), 'Something odd');
  await userEvent.click(send());
  expect(await screen.findByText(INQUIRY_FAILURE_MESSAGE)).toBeInTheDocument();
  expect(screen.getByText('Invalid input.')).toBeInTheDocument();
  // The input is kept for another try.
  expect(subject()).toHaveValue('Hello');

  answer = () => new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: INQUIRY_FAILURE_MESSAGE }), { status: 503, headers: { 'content-type': 'application/problem+json' } });
  await userEvent.type(message(), '!');
  await userEvent.click(send());
  await waitFor(() => expect(posted).toHaveLength(2));
  expect(await screen.findByText(INQUIRY_FAILURE_MESSAGE)).toBeInTheDocument();
});
