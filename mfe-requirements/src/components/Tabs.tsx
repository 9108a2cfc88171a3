// Accessible tabs (Chakra's Tabs is not on the portal's federation surface): a tablist of buttons,
// arrow keys move between them, the selected panel is labelled by its tab.
import { Box, Button, HStack } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ label, tabs, selected, onSelect }: { label: string; tabs: TabItem[]; selected: string; onSelect: (id: string) => void }) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    onSelect(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <Box>
      <HStack role="tablist" aria-label={label} gap={1} borderBottomWidth="1px" mb={4} onKeyDown={onKeyDown}>
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
      <Box role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`}>
        {current.content}
      </Box>
    </Box>
  );
}
