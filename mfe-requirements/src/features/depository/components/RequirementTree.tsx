// The tree view of the depository: the requirement hierarchy, children read when a node is
// expanded, in a virtual list. Keyboard (WAI-ARIA tree): Up/Down move, Right expands (or goes to
// the first child), Left collapses (or goes to the parent), Home/End, Enter opens the requirement.
import { Box, chakra, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, problemText } from '@portal/shared';
import { useVirtualRows, virtualRowPosition } from '@portal/shared/screens';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { RequirementFilters } from '../../requirement';
import { DeletedTag, PriorityTag, StatusTag } from '../../../components/labels';
import { useRequirementTree, type TreeRow } from '../api/useRequirementTree';

const ROW_HEIGHT = 36;
const itemId = (key: string) => `requirement-tree-${key}`;

export interface RequirementTreeProps {
  graph: string;
  filters: RequirementFilters;
  activeId?: string;
  onOpen: (id: string) => void;
  empty: React.ReactNode;
}

/** Reads the next page of a level once its 'more' row is rendered (scrolled into view). */
function MoreRow({ onVisible }: { onVisible: () => void }) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    callback.current();
  }, []);
  return <Text color="fg.muted">Loading more…</Text>;
}

export function RequirementTree({ graph, filters, activeId, onOpen, empty }: RequirementTreeProps) {
  const tree = useRequirementTree(graph, filters);
  const { rows } = tree;
  const [focusKey, setFocusKey] = useState<string | undefined>(activeId);
  const { scrollRef, virtualizer } = useVirtualRows(rows.length, ROW_HEIGHT, 12);

  const nodeIndex = (key: string | undefined) => (key === undefined ? -1 : rows.findIndex((row) => row.kind === 'node' && row.key === key));
  const focusIndex = (() => {
    const index = nodeIndex(focusKey);
    return index >= 0 ? index : rows.findIndex((row) => row.kind === 'node');
  })();
  const focused = focusIndex >= 0 ? rows[focusIndex] : undefined;

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row || row.kind !== 'node') return;
    setFocusKey(row.key);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const nextNode = (from: number, step: 1 | -1) => {
    for (let index = from + step; index >= 0 && index < rows.length; index += step) if (rows[index].kind === 'node') return index;
    return -1;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focused || focused.kind !== 'node') return;
    const { requirement } = focused;
    const hasChildren = requirement.children_count > 0;
    const open = tree.expanded.has(requirement.id);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(nextNode(focusIndex, 1));
        break;
      case 'ArrowUp':
        moveTo(nextNode(focusIndex, -1));
        break;
      case 'ArrowRight':
        if (hasChildren && !open) tree.toggle(requirement.id, true);
        else if (hasChildren && open) moveTo(nextNode(focusIndex, 1));
        break;
      case 'ArrowLeft':
        if (hasChildren && open) tree.toggle(requirement.id, false);
        else if (focused.parent !== 'root') moveTo(nodeIndex(focused.parent));
        break;
      case 'Home':
        moveTo(nextNode(-1, 1));
        break;
      case 'End':
        moveTo(nextNode(rows.length, -1));
        break;
      case 'Enter':
      case ' ':
        onOpen(requirement.id);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  if (tree.rootLoading && rows.length <= 1) return <Loading label="Loading requirements…" />;
  if (tree.rootError && rows.length <= 1) return <ErrorAlert error={tree.rootError} onRetry={tree.retry} />;
  if (tree.rootTotal === 0) return <>{empty}</>;

  const renderRow = (row: TreeRow) => {
    if (row.kind === 'more') return <MoreRow onVisible={() => tree.loadMore(row.parent)} />;
    if (row.kind === 'loading') return <Text color="fg.muted">Loading…</Text>;
    if (row.kind === 'error') return <Text color="fg.error">{problemText(row.error)}</Text>;
    const { requirement } = row;
    const hasChildren = requirement.children_count > 0;
    const open = tree.expanded.has(requirement.id);
    return (
      <>
        <chakra.span
          aria-hidden
          w={5}
          flexShrink={0}
          textAlign="center"
          cursor={hasChildren ? 'pointer' : undefined}
          data-testid={hasChildren ? `toggle-${requirement.code}` : undefined}
          onClick={(event) => {
            event.stopPropagation();
            if (hasChildren) tree.toggle(requirement.id);
          }}
        >
          {hasChildren ? (open ? '▾' : '▸') : ''}
        </chakra.span>
        <Text as="span" fontWeight="semibold" flexShrink={0}>
          {requirement.code}
        </Text>
        <Text as="span" truncate flex="1" minW={0}>
          {requirement.title}
        </Text>
        {requirement.deleted_at && <DeletedTag />}
        <StatusTag status={requirement.status} />
        <PriorityTag priority={requirement.priority} />
      </>
    );
  };

  return (
    <Box borderWidth="1px" borderRadius="md" fontSize="sm">
      <Box
        ref={scrollRef}
        role="tree"
        aria-label="Requirements"
        tabIndex={0}
        aria-activedescendant={focused ? itemId(focused.key) : undefined}
        onKeyDown={onKeyDown}
        h="min(65vh, 720px)"
        minH="300px"
        overflowY="auto"
        position="relative"
        outline="none"
        _focusVisible={{ boxShadow: 'outline', outline: '2px solid', outlineColor: 'blue.500' }}
      >
        <Box h={`${virtualizer.getTotalSize()}px`} position="relative" role="presentation">
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            const node = row.kind === 'node' ? row : undefined;
            const isFocused = focused?.key === row.key;
            return (
              <chakra.div
                key={row.key}
                id={itemId(row.key)}
                role={node ? 'treeitem' : 'none'}
                aria-level={node ? row.depth : undefined}
                aria-posinset={node?.position}
                aria-setsize={node?.setSize}
                aria-expanded={node && node.requirement.children_count > 0 ? tree.expanded.has(node.requirement.id) : undefined}
                aria-selected={node ? node.requirement.id === activeId : undefined}
                aria-label={node ? `${node.requirement.code} ${node.requirement.title}${node.requirement.deleted_at ? ' (Deleted)' : ''}` : undefined}
                {...virtualRowPosition(item.start, ROW_HEIGHT)}
                display="flex"
                alignItems="center"
                gap={2}
                pr={2}
                pl={`${(row.depth - 1) * 20 + 8}px`}
                cursor={node ? 'pointer' : undefined}
                bg={node?.requirement.id === activeId ? 'bg.emphasized' : isFocused ? 'bg.muted' : undefined}
                outline={isFocused ? '1px dashed' : undefined}
                outlineColor="blue.400"
                color={node?.requirement.deleted_at ? 'fg.muted' : undefined}
                onClick={() => {
                  if (!node) return;
                  setFocusKey(node.key);
                  onOpen(node.requirement.id);
                }}
              >
                {renderRow(row)}
              </chakra.div>
            );
          })}
        </Box>
      </Box>
      <Text px={3} py={1} fontSize="xs" color="fg.muted" borderTopWidth="1px">
        {tree.rootTotal ?? 0} top-level requirement{tree.rootTotal === 1 ? '' : 's'} · arrow keys move, expand and collapse; Enter opens
      </Text>
    </Box>
  );
}
