// The collapsed side navigation (spec 2.3 "collapsible, flyout submenu on hover"): one icon per
// section; pointing at it or focusing it opens its flyout — the section's name and its entries as
// links. Keyboard: ArrowRight, ArrowDown, Enter or Space on an icon go into the flyout; ArrowUp and
// ArrowDown move among its links; Escape or ArrowLeft close it and give the focus back to the icon;
// Tab moves on and the flyout closes when the focus leaves it. Loaded on demand, when collapsed.
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Box, chakra, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { NavEntry, NavSection } from './navigation';
import { NavIcon } from './navIcons';

export interface CollapsedNavProps {
  sections: readonly NavSection[];
  /** The entry path to highlight (activeEntryPath) and the location's query string. */
  active: string | undefined;
  search: string;
}

const isActive = (entry: NavEntry, active: string | undefined, search: string) =>
  active === entry.path && (!entry.search || entry.search === search);

const triggerStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: 10,
  h: 10,
  borderRadius: 'md',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' },
} as const;

function SectionFlyout({ section, active, search }: { section: NavSection; active: string | undefined; search: string }) {
  const [open, setOpen] = useState(false);
  const flyoutId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The focus given back by Escape must not open the flyout it just closed.
  const returning = useRef(false);
  const entries: NavEntry[] = section.path ? [{ label: section.label, path: section.path }] : (section.entries ?? []);
  const current = entries.some((entry) => isActive(entry, active, search));
  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (!refocus) return;
    returning.current = true;
    triggerRef.current?.focus();
    returning.current = false;
  };
  const onTriggerFocus = () => {
    if (!returning.current) setOpen(true);
  };
  const enter = () => {
    setOpen(true);
    // The flyout renders with `open`; its first link takes the focus once it is there.
    requestAnimationFrame(() => links()[0]?.focus());
  };
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown' || (!section.path && (event.key === 'Enter' || event.key === ' '))) {
      event.preventDefault();
      enter();
    }
  };
  const onFlyoutKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape' || event.key === 'ArrowLeft') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const trigger = section.path ? (
    <ChakraLink asChild {...triggerStyle} bg={current ? 'blue.subtle' : undefined} color={current ? 'blue.fg' : undefined}>
      <Link
        ref={(element: HTMLAnchorElement | null) => {
          triggerRef.current = element;
        }}
        to={section.path}
        aria-label={section.label}
        aria-current={current ? 'page' : undefined}
        aria-describedby={open ? flyoutId : undefined}
        onFocus={onTriggerFocus}
        onKeyDown={onTriggerKeyDown}
      >
        <NavIcon label={section.label} />
      </Link>
    </ChakraLink>
  ) : (
    <chakra.button
      ref={(element: HTMLButtonElement | null) => {
        triggerRef.current = element;
      }}
      type="button"
      {...triggerStyle}
      bg={current ? 'blue.subtle' : undefined}
      color={current ? 'blue.fg' : undefined}
      aria-label={section.label}
      aria-expanded={open}
      aria-controls={flyoutId}
      onFocus={onTriggerFocus}
      onClick={() => (open ? links()[0]?.focus() : enter())}
      onKeyDown={onTriggerKeyDown}
    >
      <NavIcon label={section.label} />
    </chakra.button>
  );

  return (
    <Box as="li" position="relative" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)} onBlur={onBlur} data-testid={`collapsed-${section.label}`}>
      {trigger}
      {open ? (
        <Box
          id={flyoutId}
          position="absolute"
          left="100%"
          top={0}
          zIndex="dropdown"
          minW="12rem"
          py={2}
          px={1}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          onKeyDown={onFlyoutKeyDown}
        >
          <Text px={3} pb={1} fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
            {section.label}
          </Text>
          {section.path ? null : (
            <chakra.ul display="flex" flexDirection="column" gap={0.5} listStyleType="none" ref={listRef} aria-label={section.label}>
              {entries.map((entry) => {
                const here = isActive(entry, active, search);
                return (
                  <li key={entry.path + (entry.search ?? '')}>
                    <ChakraLink
                      asChild
                      display="block"
                      px={3}
                      py={1.5}
                      borderRadius="md"
                      fontWeight={here ? 'semibold' : 'normal'}
                      bg={here ? 'blue.subtle' : undefined}
                      color={here ? 'blue.fg' : undefined}
                      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                    >
                      <Link to={entry.path + (entry.search ?? '')} aria-current={here ? 'page' : undefined} onClick={() => setOpen(false)}>
                        {entry.label}
                      </Link>
                    </ChakraLink>
                  </li>
                );
              })}
            </chakra.ul>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

export default function CollapsedNav({ sections, active, search }: CollapsedNavProps) {
  return (
    <Stack as="ul" gap={1} px={2} pb={4} listStyleType="none" alignItems="center" data-testid="collapsed-navigation">
      {sections.map((section) => (
        <SectionFlyout key={section.label} section={section} active={active} search={search} />
      ))}
    </Stack>
  );
}
