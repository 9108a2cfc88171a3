// Accessible tabs (Chakra's Tabs is not on the portal's federation surface): a tablist of buttons,
// arrow keys, Home and End move between them, the selected panel is labelled by its tab; only the
// selected tab is a Tab stop (roving tabindex, the WAI-ARIA tabs pattern). Only the selected panel's
// content is rendered, so a tab's data is read when it is opened.
import { Box, Button, HStack } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  render: () => ReactNode;
}

export interface TabsProps {
  /** Names the tablist. */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}

export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  if (!current) return null;
  const move = (next: TabItem) => {
    onSelect(next.id);
    refs.current[next.id]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    move(target);
  };
  return (
    <Box>
      <HStack role="tablist" aria-label={label} gap={1} borderBottomWidth="1px" mb={4} onKeyDown={onKeyDown} flexWrap="wrap">
        {tabs.map((tab) => {
          const active = tab.id === current.id;
          return (
            <Button
              key={tab.id}
              ref={(element) => {
                refs.current[tab.id] = element;
              }}
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              variant={active ? 'subtle' : 'ghost'}
              size="sm"
              borderBottomRadius={0}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </Button>
          );
        })}
      </HStack>
      {tabs.map((tab) =>
        tab.id === current.id ? (
          <Box key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`}>
            {current.render()}
          </Box>
        ) : (
          // An empty, hidden panel: what the tab's aria-controls names exists before it is opened.
          <Box key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden />
        ),
      )}
    </Box>
  );
}
