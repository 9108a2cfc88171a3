// The tree view of the depository: the requirement hierarchy, children read when a node is
// expanded, in a virtual list. Keyboard (WAI-ARIA tree): Up/Down move, Right expands (or goes to
// the first child), Left collapses (or goes to the parent), Home/End, Enter opens the requirement.
// Who may modify requirements drags one onto another to move it there (with its sub-requirements),
// or onto the top-level zone; Move to… (after the tree, for the focused one) does the same with
// the keyboard.
import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, problemText, showSnackbar, usePermitted, type RequirementRef } from '@portal/shared';
import type { ComplianceStatus } from '@portal/shared/compliance';
import { useVirtualRows, virtualRowPosition } from '@portal/shared/screens';
import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ComplianceBadge, useComplianceStatuses } from '../../compliance';
import { movedText, useMoveRequirement, type RequirementFilters } from '../../requirement';
import { DeletedTag, PriorityTag, StatusTag } from '../../../components/labels';
import { P } from '../../../lib/permissions';
import { ROOT, useRequirementTree, type TreeRow } from '../api/useRequirementTree';
import { MoveRequirementDialog } from './MoveRequirementDialog';

type NodeRow = Extract<TreeRow, { kind: 'node' }>;
const refOf = ({ id, code, title }: RequirementRef): RequirementRef => ({ id, code, title });

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

/**
 * The status, priority and compliance of a tree row, outside its treeitem: the item's name is its
 * code and title (and "(Deleted)"), and a name must hold all the text its element shows (WCAG 2.5.3).
 * Not read twice: the treeitem is described by them (aria-describedby) and they are hidden otherwise.
 */
function RowTags({ id, requirement, compliance }: { id: string; requirement: NodeRow['requirement']; compliance: ComplianceStatus | undefined }) {
  return (
    <HStack id={id} aria-hidden gap={2} flexShrink={0}>
      {requirement.deleted_at && <DeletedTag />}
      <StatusTag status={requirement.status} />
      <PriorityTag priority={requirement.priority} />
      {compliance && <ComplianceBadge status={compliance} />}
    </HStack>
  );
}

export function RequirementTree({ graph, filters, activeId, onOpen, empty }: RequirementTreeProps) {
  const tree = useRequirementTree(graph, filters);
  const compliance = useComplianceStatuses(graph);
  const { rows } = tree;
  const [focusKey, setFocusKey] = useState<string | undefined>(activeId);
  const { scrollRef, virtualizer } = useVirtualRows(rows.length, ROW_HEIGHT, 12);
  const mayMove = usePermitted(P.UPDATE_REQUIREMENT);
  const move = useMoveRequirement(graph);
  const [dragged, setDragged] = useState<NodeRow | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const [moving, setMoving] = useState<NodeRow | null>(null);
  const nodes = useMemo(() => new Map(rows.flatMap((row) => (row.kind === 'node' ? [[row.key, row] as const] : []))), [rows]);

  // A requirement opened by its link (?id=) is brought into view once its row is loaded: the tree
  // is virtualized, and one at the end of a long process would otherwise stay out of sight.
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!activeId || revealed.current === activeId) return;
    const index = rows.findIndex((row) => row.kind === 'node' && row.requirement.id === activeId);
    if (index < 0) return;
    revealed.current = activeId;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [activeId, rows, virtualizer]);

  const parentRef = (node: NodeRow) => {
    const parent = nodes.get(node.parent);
    return parent ? refOf(parent.requirement) : null;
  };
  /** Whether `node` may be dropped on `target` (a node's key, or ROOT): not on itself or under itself, not where it is. */
  const mayDrop = (node: NodeRow, target: string) => {
    if (target === node.parent) return false;
    if (target === ROOT) return true;
    if (nodes.get(target)?.requirement.deleted_at) return false;
    for (let key: string | undefined = target; key !== undefined && key !== ROOT; key = nodes.get(key)?.parent) if (key === node.key) return false;
    return true;
  };
  const dragHandlers = (target: string) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragged || !mayDrop(dragged, target)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      setDropKey(target);
    },
    onDragLeave: () => setDropKey((current) => (current === target ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const node = dragged;
      setDragged(null);
      setDropKey(null);
      if (!node || !mayDrop(node, target)) return;
      const parent = target === ROOT ? null : refOf(nodes.get(target)!.requirement);
      const input = { requirement: node.requirement, parent };
      move.mutate(input, {
        onSuccess: () => showSnackbar(movedText(input), 'success'),
        onError: (error) => showSnackbar(`${node.requirement.code} was not moved: ${problemText(error)}`, 'error'),
      });
    },
  });

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

  const focusedNode = focused?.kind === 'node' && !focused.requirement.deleted_at ? focused : undefined;

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
          {/* Drawn, not a character: text inside the treeitem must be part of its name (WCAG 2.5.3). */}
          {hasChildren && (
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
              <path d={open ? 'M1 3 L5 7 L9 3' : 'M3 1 L7 5 L3 9'} fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          )}
        </chakra.span>
        <Text as="span" fontWeight="semibold" flexShrink={0}>
          {requirement.code}
        </Text>
        {/* The space of the name (code, space, title): the text shown must read as the name does. */}{' '}
        <Text as="span" truncate flex="1" minW={0}>
          {requirement.title}
        </Text>
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
            // A row of two parts: the treeitem (its name, code and title, is all the text it shows;
            // WCAG 2.5.3) and, beside it, the status and priority tags for the eye.
            return (
              <chakra.div
                key={row.key}
                role="none"
                {...virtualRowPosition(item.start, ROW_HEIGHT)}
                display="flex"
                alignItems="center"
                gap={2}
                pr={2}
                cursor={node ? 'pointer' : undefined}
                bg={dropKey === row.key ? 'blue.subtle' : node?.requirement.id === activeId ? 'bg.emphasized' : isFocused ? 'bg.muted' : undefined}
                outline={isFocused ? '1px dashed' : undefined}
                outlineColor="blue.400"
                color={node?.requirement.deleted_at ? 'fg.muted' : undefined}
                onClick={() => {
                  if (!node) return;
                  setFocusKey(node.key);
                  onOpen(node.requirement.id);
                }}
              >
                <chakra.div
                  id={itemId(row.key)}
                  role={node ? 'treeitem' : 'none'}
                  aria-level={node ? row.depth : undefined}
                  aria-posinset={node?.position}
                  aria-setsize={node?.setSize}
                  aria-expanded={node && node.requirement.children_count > 0 ? tree.expanded.has(node.requirement.id) : undefined}
                  aria-selected={node ? node.requirement.id === activeId : undefined}
                  aria-label={node ? `${node.requirement.code} ${node.requirement.title}${node.requirement.deleted_at ? ' (Deleted)' : ''}` : undefined}
                  aria-describedby={node ? `${itemId(row.key)}-tags` : undefined}
                  display="flex"
                  alignItems="center"
                  alignSelf="stretch"
                  gap={2}
                  flex="1"
                  minW={0}
                  pl={`${(row.depth - 1) * 20 + 8}px`}
                  draggable={mayMove && node !== undefined && !node.requirement.deleted_at}
                  data-drop-target={dropKey === row.key || undefined}
                  onDragStart={(event: DragEvent) => {
                    if (!node) return;
                    event.dataTransfer?.setData('text/plain', `${node.requirement.code} ${node.requirement.title}`);
                    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                    // After the drag has started: a browser may cancel a drag whose start changes the page.
                    setTimeout(() => setDragged(node), 0);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setDropKey(null);
                  }}
                  {...(node && dragged ? dragHandlers(node.key) : {})}
                >
                  {renderRow(row)}
                </chakra.div>
                {node && <RowTags id={`${itemId(row.key)}-tags`} requirement={node.requirement} compliance={compliance.get(node.requirement.id)} />}
              </chakra.div>
            );
          })}
        </Box>
      </Box>
      {dragged && dragged.parent !== ROOT && (
        <Box
          data-testid="drop-top-level"
          data-drop-target={dropKey === ROOT || undefined}
          {...dragHandlers(ROOT)}
          px={3}
          py={2}
          borderTopWidth="1px"
          borderStyle="dashed"
          bg={dropKey === ROOT ? 'blue.subtle' : 'bg.subtle'}
          color="fg.muted"
        >
          Drop here to move {dragged.requirement.code} to the top level
        </Box>
      )}
      <HStack px={3} py={1} borderTopWidth="1px" justify="space-between" gap={2} flexWrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {tree.rootTotal ?? 0} top-level requirement{tree.rootTotal === 1 ? '' : 's'} · arrow keys move, expand and collapse; Enter opens
          {mayMove ? ' · drag one onto another to move it there' : ''}
        </Text>
        {mayMove && focusedNode && (
          <Button size="xs" variant="outline" onClick={() => setMoving(focusedNode)}>
            Move {focusedNode.requirement.code} to…
          </Button>
        )}
      </HStack>
      {moving && <MoveRequirementDialog graph={graph} requirement={moving.requirement} parent={parentRef(moving)} onClose={() => setMoving(null)} />}
    </Box>
  );
}
