// The SBOM component tree of a build (spec 3), virtual so that thousands of components scroll
// smoothly: only the rows in view exist. A WAI-ARIA tree driven from the keyboard (arrows move,
// Right opens, Left closes or goes to the parent, Home/End, Enter shows the component); filtering
// by text or to vulnerable components opens the branches that lead to the matches.
import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { SeverityBadge } from '../../../components/labels';
import { useVirtualRows, virtualRowPosition } from '@portal/shared/screens';
import { SEVERITIES, type Severity } from '../../../lib/types';
import { visibleNodes, type SbomNode, type SbomTree, type TreeFilter } from './sbomTree';

const ROW_HEIGHT = 34;
const INDENT = 18;

const nodeId = (node: SbomNode) => `sbom-node-${node.index}`;
export const componentLabel = (node: SbomNode) => [node.row.group, node.row.name].filter(Boolean).join('/') + (node.row.version ? ` ${node.row.version}` : '');

function worstSeverity(node: SbomNode): Severity | undefined {
  const own = node.row.vulnerabilities.map((vulnerability) => vulnerability.severity);
  return SEVERITIES.find((severity) => own.includes(severity));
}

export interface ComponentTreeProps {
  tree: SbomTree;
  filter: TreeFilter;
  selected?: number;
  onSelect: (node: SbomNode) => void;
}

export function ComponentTree({ tree, filter, selected, onSelect }: ComponentTreeProps) {
  // The top levels start open: the root and what it depends on directly.
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(tree.roots.filter((root) => tree.roots.length === 1 || root.children.length > 0).map((root) => root.index)));
  const shown = useMemo(() => visibleNodes(tree, expanded, filter), [tree, expanded, filter]);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const { scrollRef, virtualizer } = useVirtualRows(shown.length, ROW_HEIGHT, 15);
  const filtering = filter.text.trim() !== '' || filter.onlyVulnerable;

  useEffect(() => setActive(0), [filter.text, filter.onlyVulnerable]);

  const toggle = (node: SbomNode, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(node.index)) next.add(node.index);
      else next.delete(node.index);
      return next;
    });
  const isOpen = (node: SbomNode) => node.children.length > 0 && (filtering || expanded.has(node.index));

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(shown.length - 1, index));
    setActive(target);
    // Rows are of one height: the offset is known without asking the virtualizer to measure.
    const element = scrollRef.current;
    if (!element) return;
    const top = target * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const node = shown[activeIndex];
    if (!node) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight || 400) / ROW_HEIGHT) - 1);
    const actions: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - 1),
      PageDown: () => moveTo(activeIndex + page),
      PageUp: () => moveTo(activeIndex - page),
      Home: () => moveTo(0),
      End: () => moveTo(shown.length - 1),
      ArrowRight: () => {
        if (node.children.length === 0) return;
        if (!isOpen(node)) toggle(node, true);
        else moveTo(activeIndex + 1);
      },
      ArrowLeft: () => {
        if (isOpen(node) && !filtering) toggle(node, false);
        else if (node.parent) moveTo(shown.indexOf(node.parent));
      },
      Enter: () => onSelect(node),
      ' ': () => onSelect(node),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (shown.length === 0) {
    return (
      <Text color="fg.muted" py={4}>
        No component matches.
      </Text>
    );
  }

  return (
    <Box
      ref={scrollRef}
      role="tree"
      aria-label="Components"
      aria-activedescendant={shown[activeIndex] ? nodeId(shown[activeIndex]) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      h="min(60vh, 640px)"
      minH="280px"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      position="relative"
      fontSize="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
      data-testid="component-tree-scroll"
    >
      <Box h={`${virtualizer.getTotalSize()}px`} position="relative" role="presentation">
        {virtualizer.getVirtualItems().map((item) => {
          const node = shown[item.index];
          const open = isOpen(node);
          const worst = worstSeverity(node);
          return (
            <HStack
              key={node.index}
              id={nodeId(node)}
              role="treeitem"
              aria-level={node.level + 1}
              aria-expanded={node.children.length > 0 ? open : undefined}
              aria-selected={node.index === selected}
              aria-setsize={node.parent ? node.parent.children.length : tree.roots.length}
              aria-posinset={(node.parent ? node.parent.children : tree.roots).indexOf(node) + 1}
              aria-label={componentLabel(node)}
              {...virtualRowPosition(item.start, ROW_HEIGHT)}
              gap={2}
              pe={2}
              ps={`${8 + node.level * INDENT}px`}
              bg={node.index === selected ? 'blue.50' : item.index === activeIndex ? 'bg.muted' : undefined}
              outline={item.index === activeIndex ? '1px dashed' : undefined}
              outlineColor="blue.400"
              outlineOffset="-1px"
              cursor="pointer"
              onClick={() => {
                setActive(item.index);
                onSelect(node);
              }}
            >
              <chakra.span
                w={4}
                flexShrink={0}
                textAlign="center"
                color="fg.muted"
                aria-hidden
                onClick={(event) => {
                  event.stopPropagation();
                  if (node.children.length > 0 && !filtering) toggle(node);
                }}
              >
                {node.children.length > 0 ? (open ? '▾' : '▸') : '·'}
              </chakra.span>
              <Text truncate fontWeight={node.level === 0 ? 'semibold' : 'normal'}>
                {componentLabel(node)}
              </Text>
              {node.row.licenses.length > 0 && (
                <Text fontSize="xs" color="fg.muted" truncate maxW="12rem" flexShrink={1}>
                  {node.row.licenses.join(', ')}
                </Text>
              )}
              <HStack gap={1} ms="auto" flexShrink={0}>
                {worst && <SeverityBadge severity={worst} />}
                {node.vulnerabilityCount > 0 && (
                  <Text fontSize="xs" color="fg.muted" title="Vulnerabilities of this component and of those below it">
                    {node.vulnerabilityCount} vuln.
                  </Text>
                )}
                {node.total > 0 && (
                  <Text fontSize="xs" color="fg.muted" title="Components below this one">
                    {node.total} below
                  </Text>
                )}
              </HStack>
            </HStack>
          );
        })}
      </Box>
    </Box>
  );
}
