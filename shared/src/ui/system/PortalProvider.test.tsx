import { Button } from '@chakra-ui/react';
import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { PortalProvider } from './PortalProvider';
import { system } from './system';

function ClientProbe({ expected }: { expected: QueryClient }) {
  return <p>{useQueryClient() === expected ? 'shared client' : 'other client'}</p>;
}

describe('PortalProvider', () => {
  it('styles Chakra components with the portal system', () => {
    render(
      <PortalProvider>
        <Button colorPalette="brand">Save</Button>
      </PortalProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save' }).className).toMatch(/chakra-button/);
  });

  it('provides the query client it is given', () => {
    const queryClient = new QueryClient();
    render(
      <PortalProvider queryClient={queryClient}>
        <ClientProbe expected={queryClient} />
      </PortalProvider>,
    );
    expect(screen.getByText('shared client')).toBeInTheDocument();
  });

  it('does not invent a query client when none is given', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <PortalProvider>
          <ClientProbe expected={new QueryClient()} />
        </PortalProvider>,
      ),
    ).toThrow(/No QueryClient set/);
    spy.mockRestore();
  });
});

describe('system', () => {
  it('carries the brand palette and fonts', () => {
    expect(system.token('colors.brand.600')).toBe('#1f5ea8');
    expect(system.token('fonts.body')).toContain('Inter');
  });
});
