// A header menu (spec 2.3 admin and process menus) built from the Chakra names the federation
// surface provides: a button that opens a list of menu items. Keyboard: Tab reaches the button
// and the items, Enter/Space/ArrowDown open it, arrows, Home and End move, Escape closes it and
// returns focus to the button; leaving it (focus or click elsewhere) closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, chakra, Text } from '@chakra-ui/react';

export interface HeaderMenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  /** For a choice among several (the current process): rendered as a checked radio item. */
  checked?: boolean;
  danger?: boolean;
  /** Shown but not choosable (spec 2.3: Dark display mode, other languages); still reachable by arrows. */
  disabled?: boolean;
}

export interface HeaderMenuGroup {
  key: string;
  /** A group with a label is announced as such (e.g. "Switch process"). */
  label?: string;
  items: HeaderMenuItem[];
}

export interface HeaderMenuProps {
  /** The accessible name of the menu, e.g. "Process menu". */
  label: string;
  /** The accessible name of the button; defaults to `label`. */
  triggerLabel?: string;
  /** What the button shows (e.g. the current process's name). */
  children: ReactNode;
  groups: HeaderMenuGroup[];
  testId?: string;
}

const ITEM_SELECTOR = '[role^="menuitem"]';

export function HeaderMenu({ label, triggerLabel, children, groups, testId }: HeaderMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length > 0) all[(index + all.length) % all.length].focus();
  };

  // Opened with the keyboard or a click, the first item takes the focus.
  useEffect(() => {
    if (open) focusItem(0);
  }, [open]);

  // A click outside closes the menu.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusItem(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(all.length - 1);
        break;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <Box
      ref={root}
      position="relative"
      data-testid={testId}
      onBlur={(event) => {
        // Tab past the last item (or anywhere else) closes the menu.
        if (open && !root.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false);
      }}
    >
      <Button
        ref={trigger}
        size="sm"
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel ?? label}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onTriggerKeyDown}
      >
        {children}
        <chakra.span aria-hidden="true" fontSize="xs">
          ▾
        </chakra.span>
      </Button>
      {open ? (
        <chakra.div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          position="absolute"
          right={0}
          top="calc(100% + 4px)"
          zIndex="dropdown"
          minW="14rem"
          py={1}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          onKeyDown={onMenuKeyDown}
        >
          {groups.map((group, groupIndex) => (
            <chakra.div
              key={group.key}
              role="group"
              aria-label={group.label}
              borderTopWidth={groupIndex > 0 ? '1px' : undefined}
              pt={groupIndex > 0 ? 1 : undefined}
              mt={groupIndex > 0 ? 1 : undefined}
            >
              {group.label ? (
                <Text px={3} py={1} fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted" aria-hidden="true">
                  {group.label}
                </Text>
              ) : null}
              {group.items.map((item) => (
                <Button
                  key={item.key}
                  role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                  aria-checked={item.checked}
                  aria-disabled={item.disabled || undefined}
                  opacity={item.disabled ? 0.5 : undefined}
                  cursor={item.disabled ? 'not-allowed' : undefined}
                  variant="ghost"
                  size="sm"
                  width="full"
                  justifyContent="flex-start"
                  borderRadius={0}
                  fontWeight={item.checked ? 'semibold' : 'normal'}
                  color={item.danger ? 'fg.error' : undefined}
                  onClick={() => {
                    if (item.disabled) return;
                    close(true);
                    item.onSelect();
                  }}
                >
                  <chakra.span width="1em" aria-hidden="true">
                    {item.checked ? '✓' : ''}
                  </chakra.span>
                  {item.label}
                </Button>
              ))}
            </chakra.div>
          ))}
        </chakra.div>
      ) : null}
    </Box>
  );
}
