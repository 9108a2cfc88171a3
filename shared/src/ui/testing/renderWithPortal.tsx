import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PortalProvider } from '../system/PortalProvider';

/** Renders a component inside the portal's design system, as every React root does. */
export function renderWithPortal(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return render(ui, { wrapper: PortalProvider, ...options });
}
