// The collapsed side navigation's icons, one per section of spec 2.3 (20 px line drawings); a
// section without one shows its initial. Part of the collapsed navigation's chunk, not the first load.
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  Dashboard: (
    <>
      <rect x="3" y="3" width="6" height="6" rx="1" />
      <rect x="11" y="3" width="6" height="4" rx="1" />
      <rect x="11" y="9" width="6" height="8" rx="1" />
      <rect x="3" y="11" width="6" height="6" rx="1" />
    </>
  ),
  Requirements: <path d="M4 5l1.5 1.5L8 4M4 10l1.5 1.5L8 9M4 15l1.5 1.5L8 14M10 5.5h6M10 10.5h6M10 15.5h6" />,
  Collaboration: (
    <>
      <circle cx="7" cy="7" r="2.5" />
      <circle cx="14" cy="8" r="2" />
      <path d="M2.5 16c.5-3 2.3-4.5 4.5-4.5s4 1.5 4.5 4.5M11.5 12.5c.7-.6 1.5-.9 2.5-.9 1.8 0 3 1.2 3.5 3.4" />
    </>
  ),
  Applications: <path d="M10 2.5l7 3.5-7 3.5-7-3.5 7-3.5zM3 10l7 3.5 7-3.5M3 14l7 3.5 7-3.5" />,
  Operations: <path d="M6 15.5h8.5a3 3 0 00.4-6 4.5 4.5 0 00-8.7-1A3.5 3.5 0 006 15.5z" />,
  Reports: <path d="M3 17h14M5 17V10M9 17V5M13 17v-5M17 17V8" />,
  Administration: <path d="M10 2.5l6 2.5v4.5c0 3.8-2.5 6.6-6 8-3.5-1.4-6-4.2-6-8V5l6-2.5zM7.5 10l1.8 1.8L13 8" />,
  POC: <path d="M8 2.5h4M8.5 2.5v5L4 15.5c-.5 1 .2 2 1.3 2h9.4c1.1 0 1.8-1 1.3-2L11.5 7.5v-5M6.3 12h7.4" />,
  Settings: (
    <>
      <circle cx="10" cy="10" r="2.5" />
      <path d="M10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4" />
    </>
  ),
};

export function NavIcon({ label }: { label: string }) {
  const drawing = PATHS[label];
  if (!drawing) {
    return (
      <span aria-hidden="true" style={{ fontWeight: 600, width: 20, textAlign: 'center' }}>
        {label.charAt(0)}
      </span>
    );
  }
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      {drawing}
    </svg>
  );
}
