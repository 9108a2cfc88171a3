// SQL of the requirement tree (migration 008). A page of the list is one statement: the filtered
// ids with their sort keys, their count, and the page's rows joined with owner, creator and the
// live children count (evaluated for the page's rows only), so 10,000 requirements list fast.
import type {
  Requirement,
  RequirementPriority,
  RequirementDeletedFilter,
  RequirementRef,
  RequirementSortField,
  RequirementStatus,
} from '@portal/shared/server';
import type { Queryable } from '../db/database';

export const SORTS = ['position', 'code', 'title', 'priority', 'status', 'progress', 'due_date', 'updated_at'] as const satisfies readonly RequirementSortField[];
export type RequirementSort = RequirementSortField;

export const userRefSql = (alias: string): string =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'login_id', ${alias}.login_id, 'name', ${alias}.name) END`;

/** The columns of a Requirement view of the requirements row `r`. */
const VIEW_COLUMNS = `r.id, r.code, r.title, r.description, r.parent_id, r.position, r.priority, r.status, r.progress,
  ${userRefSql('o')} AS owner, to_char(r.due_date, 'YYYY-MM-DD') AS due_date, r.tags, r.source,
  (SELECT count(*)::int FROM requirements ch WHERE ch.parent_id = r.id AND ch.deleted_at IS NULL) AS children_count,
  EXISTS (SELECT 1 FROM tasks gt WHERE gt.requirement_id = r.id AND gt.type = 'HAS_GAP' AND gt.status = 'OPEN') AS has_gap,
  EXISTS (SELECT 1 FROM tasks rt WHERE rt.requirement_id = r.id AND rt.type = 'RESOLVE_RISK' AND rt.status = 'OPEN') AS has_risk,
  r.plane_x, r.plane_y, ${userRefSql('cb')} AS created_by, r.created_at, r.updated_at, r.deleted_at, r.version`;

const VIEW_JOINS = `LEFT JOIN users o ON o.id = r.owner_id LEFT JOIN users cb ON cb.id = r.created_by`;

export interface RequirementRow {
  id: string;
  code: string;
  title: string;
  description: string;
  parent_id: string | null;
  position: number;
  priority: RequirementPriority;
  status: RequirementStatus;
  progress: number;
  owner: Requirement['owner'];
  due_date: string | null;
  tags: string[];
  source: string | null;
  children_count: number;
  has_gap: boolean;
  has_risk: boolean;
  plane_x: number | null;
  plane_y: number | null;
  created_by: Requirement['created_by'];
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  version: number;
}

export const iso = (value: Date | string): string => new Date(value).toISOString();

export function toRequirement(row: RequirementRow): Requirement {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    parent_id: row.parent_id,
    position: row.position,
    priority: row.priority,
    status: row.status,
    progress: row.progress,
    owner: row.owner,
    due_date: row.due_date,
    tags: row.tags ?? [],
    source: row.source,
    children_count: Number(row.children_count),
    has_gap: row.has_gap,
    has_risk: row.has_risk,
    plane: row.plane_x === null || row.plane_y === null ? null : { x: Number(row.plane_x), y: Number(row.plane_y) },
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: row.deleted_at === null ? null : iso(row.deleted_at),
    version: row.version,
  };
}

/** One requirement of the process (deleted ones too). */
export async function findRequirementView(db: Queryable, processId: string, id: string): Promise<Requirement | undefined> {
  const [row] = await db.query<RequirementRow>(
    `SELECT ${VIEW_COLUMNS} FROM requirements r ${VIEW_JOINS} WHERE r.process_id = $1 AND r.id = $2`,
    [processId, id],
  );
  return row ? toRequirement(row) : undefined;
}

/** The path from the root to the requirement's parent. */
export async function ancestorsOf(db: Queryable, processId: string, id: string): Promise<RequirementRef[]> {
  const rows = await db.query<RequirementRef & { depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT p.id, p.code, p.title, p.parent_id, 1 AS depth
         FROM requirements c JOIN requirements p ON p.id = c.parent_id
        WHERE c.id = $2 AND c.process_id = $1
       UNION ALL
       SELECT p.id, p.code, p.title, p.parent_id, up.depth + 1
         FROM up JOIN requirements p ON p.id = up.parent_id
        WHERE up.depth < 10000
     )
     SELECT id, code, title, depth FROM up ORDER BY depth DESC`,
    [processId, id],
  );
  return rows.map(({ id: ancestorId, code, title }) => ({ id: ancestorId, code, title }));
}

/** Whether `candidate` is `id` or lies under it (a parent that would make a cycle). */
export async function isSelfOrDescendant(db: Queryable, id: string, candidate: string): Promise<boolean> {
  if (id === candidate) return true;
  const [row] = await db.query<{ found: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 1 AS depth FROM requirements WHERE id = $2
       UNION ALL
       SELECT r.id, r.parent_id, up.depth + 1 FROM up JOIN requirements r ON r.id = up.parent_id WHERE up.depth < 10000
     )
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $1) AS found`,
    [id, candidate],
  );
  return row?.found ?? false;
}

export interface RequirementQuery {
  /** undefined: the whole process; null: the top level; an id: its children. */
  parent?: string | null;
  search?: string;
  statuses?: readonly string[];
  priorities?: readonly string[];
  tag?: string;
  owner?: string;
  deleted: RequirementDeletedFilter;
  sort: RequirementSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The sort keys; codes by `code_key`, their natural order (migration 038: AC-2 before AC-14). */
const SORT_KEYS: Record<RequirementSort, string> = {
  position: 'r.position',
  code: 'r.code_key',
  title: 'lower(r.title)',
  priority: `CASE r.priority WHEN 'LOW' THEN 0 WHEN 'MEDIUM' THEN 1 WHEN 'HIGH' THEN 2 ELSE 3 END`,
  status: `CASE r.status WHEN 'DRAFT' THEN 0 WHEN 'IN_REVIEW' THEN 1 WHEN 'REJECTED' THEN 2 WHEN 'ACCEPTED' THEN 3
    WHEN 'IN_PROGRESS' THEN 4 WHEN 'COMPLETED' THEN 5 ELSE 6 END`,
  progress: 'r.progress',
  due_date: 'r.due_date',
  updated_at: 'r.updated_at',
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the process's requirements and the number matching: one statement. */
export async function listRequirements(
  db: Queryable,
  processId: string,
  query: RequirementQuery,
): Promise<{ items: Requirement[]; total: number }> {
  const params: unknown[] = [processId];
  const where = ['r.process_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.parent === null) where.push('r.parent_id IS NULL');
  else if (query.parent !== undefined) where.push(`r.parent_id = ${add(query.parent)}`);
  if (query.deleted === 'exclude') where.push('r.deleted_at IS NULL');
  else if (query.deleted === 'only') where.push('r.deleted_at IS NOT NULL');
  if (query.search) {
    // search_text: code, title, description and source lower-cased (migration 019), by the
    // database's lower() like the pattern (the same case folding on both sides).
    where.push(`r.search_text LIKE lower(${add(likePattern(query.search))})`);
  }
  if (query.statuses?.length) where.push(`r.status = ANY(${add(query.statuses)}::text[])`);
  if (query.priorities?.length) where.push(`r.priority = ANY(${add(query.priorities)}::text[])`);
  if (query.tag) where.push(`${add(query.tag)} = ANY(r.tags)`);
  if (query.owner) where.push(`r.owner_id = ${add(query.owner)}::uuid`);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const order = `k1 ${direction} NULLS LAST, k2 ${direction}, id`;
  // The whole process by position is the tree's order, depth first: each requirement's key is the
  // path of (position, id) from its top-level ancestor, fixed-width segments compared byte by byte.
  const treeOrder = query.sort === 'position' && query.parent === undefined;
  const tree = treeOrder
    ? `RECURSIVE tree AS (
         SELECT r.id, lpad(r.position::text, 10, '0') || r.id::text AS path
           FROM requirements r WHERE r.process_id = $1 AND r.parent_id IS NULL
         UNION ALL
         SELECT c.id, t.path || lpad(c.position::text, 10, '0') || c.id::text
           FROM tree t JOIN requirements c ON c.parent_id = t.id WHERE length(t.path) < 460000
       ),`
    : '';
  const limit = add(query.limit);
  const offset = add(query.offset);
  // One row: the count and the page as one JSON array (a single value to decode, not 50 × 25).
  const [row] = await db.query<{ total: number; items: RequirementRow[] | string }>(
    // A search reads every row of the process: once (MATERIALIZED), not once for the count and
    // once for the page; without one, the page can come from an index in order.
    `WITH ${tree} filtered AS ${query.search ? 'MATERIALIZED' : 'NOT MATERIALIZED'} (
       SELECT r.id, ${treeOrder ? 'tree.path COLLATE "C"' : SORT_KEYS[query.sort]} AS k1, r.code_key AS k2
         FROM requirements r ${treeOrder ? 'JOIN tree ON tree.id = r.id' : ''} WHERE ${where.join(' AND ')}
     ),
     page AS (SELECT id, k1, k2 FROM filtered ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
     SELECT (SELECT count(*)::int FROM filtered) AS total,
       (SELECT coalesce(json_agg(v ORDER BY v.k1 ${direction} NULLS LAST, v.k2 ${direction}, v.id), '[]'::json) FROM (
          SELECT ${VIEW_COLUMNS}, page.k1, page.k2 FROM page JOIN requirements r ON r.id = page.id ${VIEW_JOINS}
        ) v) AS items`,
    params,
  );
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as RequirementRow[]) : row.items;
  return { items: items.map(toRequirement), total: Number(row.total) };
}

/** The next generated code `REQ-<n>` of the process (deleted requirements keep theirs). */
export async function nextCode(db: Queryable, processId: string): Promise<string> {
  const [row] = await db.query<{ n: number }>(
    `SELECT coalesce(max(substring(code FROM '^REQ-([0-9]{1,9})$')::int), 0) + 1 AS n
       FROM requirements WHERE process_id = $1 AND code ~ '^REQ-[0-9]{1,9}$'`,
    [processId],
  );
  return `REQ-${row.n}`;
}

export async function codeTaken(db: Queryable, processId: string, code: string, except?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM requirements WHERE process_id = $1 AND lower(code) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken`,
    [processId, code, except ?? null],
  );
  return row.taken;
}

export async function nextPosition(db: Queryable, processId: string, parentId: string | null): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT coalesce(max(position), -1) + 1 AS n FROM requirements
      WHERE process_id = $1 AND parent_id IS NOT DISTINCT FROM $2::uuid`,
    [processId, parentId],
  );
  return Number(row.n);
}

/** The requirement's row (for changes), locked in a transaction. */
export interface RequirementState {
  id: string;
  organization_id: string;
  process_id: string;
  code: string;
  title: string;
  parent_id: string | null;
  status: RequirementStatus;
  progress: number;
  owner_id: string | null;
  created_by: string | null;
  deleted_at: Date | string | null;
  version: number;
}

export async function lockRequirement(tx: Queryable, processId: string, id: string): Promise<RequirementState | undefined> {
  const [row] = await tx.query<RequirementState>(
    `SELECT id, organization_id, process_id, code, title, parent_id, status, progress, owner_id, created_by, deleted_at, version
       FROM requirements WHERE process_id = $1 AND id = $2 FOR UPDATE`,
    [processId, id],
  );
  return row;
}

export async function countLiveChildren(db: Queryable, id: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM requirements WHERE parent_id = $1 AND deleted_at IS NULL',
    [id],
  );
  return Number(row.n);
}

/** Moves the requirement to `status` (a new version). */
export async function setRequirementStatus(tx: Queryable, id: string, status: string): Promise<void> {
  await tx.query('UPDATE requirements SET status = $2, updated_at = now(), version = version + 1 WHERE id = $1', [id, status]);
}

/** Makes `ownerId` the requirement's owner (accepted and delegated work). */
export async function setRequirementOwner(tx: Queryable, id: string, ownerId: string): Promise<void> {
  await tx.query('UPDATE requirements SET owner_id = $2, updated_at = now(), version = version + 1 WHERE id = $1 AND owner_id IS DISTINCT FROM $2', [id, ownerId]);
}

/** The requirement's due date ('YYYY-MM-DD'), null when it has none or does not exist. */
export async function requirementDueDate(tx: Queryable, id: string): Promise<string | null> {
  const [row] = await tx.query<{ due_date: string | null }>(`SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date FROM requirements WHERE id = $1`, [id]);
  return row?.due_date ?? null;
}

/** Whether the requirement of the process (a parent to be) is deleted; none when it is not the process's. */
export async function parentState(tx: Queryable, processId: string, id: string): Promise<(RequirementRef & { deleted: boolean }) | undefined> {
  const [row] = await tx.query<RequirementRef & { deleted: boolean }>(
    'SELECT id, code, title, deleted_at IS NOT NULL AS deleted FROM requirements WHERE process_id = $1 AND id = $2',
    [processId, id],
  );
  return row;
}

/** Locks the process: one Add at a time, so generated codes and positions do not collide. */
export async function lockProcessForAdd(tx: Queryable, processId: string): Promise<void> {
  await tx.query('SELECT id FROM processes WHERE id = $1 FOR UPDATE', [processId]);
}

export interface NewRequirement {
  organizationId: string;
  processId: string;
  code: string;
  title: string;
  description: string;
  parentId: string | null;
  position: number;
  priority: string;
  ownerId: string | null;
  /** 'YYYY-MM-DD' */
  dueDate: string | null;
  tags: readonly string[];
  source: string | null;
  createdBy: string;
}

export async function insertRequirement(tx: Queryable, row: NewRequirement): Promise<string> {
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO requirements (organization_id, process_id, code, title, description, parent_id, position, priority,
       owner_id, due_date, tags, source, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11::text[], $12, $13) RETURNING id`,
    [
      row.organizationId,
      row.processId,
      row.code,
      row.title,
      row.description,
      row.parentId,
      row.position,
      row.priority,
      row.ownerId,
      row.dueDate,
      row.tags,
      row.source,
      row.createdBy,
    ],
  );
  return inserted.id;
}

/** Sets these columns (due_date and tags cast) and makes a new version. */
export async function updateRequirementColumns(tx: Queryable, id: string, changes: readonly (readonly [string, unknown])[]): Promise<void> {
  const params: unknown[] = [id];
  const sets = changes.map(([column, value]) => {
    params.push(value);
    const cast = column === 'due_date' ? '::date' : column === 'tags' ? '::text[]' : '';
    return `${column} = $${params.length}${cast}`;
  });
  await tx.query(`UPDATE requirements SET ${[...sets, 'updated_at = now()', 'version = version + 1'].join(', ')} WHERE id = $1`, params);
}

/** Keeps the requirement with deleted_at (and who deleted it). */
export async function softDeleteRequirement(tx: Queryable, id: string, deletedBy: string): Promise<void> {
  await tx.query('UPDATE requirements SET deleted_at = now(), deleted_by = $2, updated_at = now(), version = version + 1 WHERE id = $1', [id, deletedBy]);
}

export async function setRequirementProgressAndStatus(tx: Queryable, id: string, progress: number, status: string): Promise<void> {
  await tx.query('UPDATE requirements SET progress = $2, status = $3, updated_at = now(), version = version + 1 WHERE id = $1', [id, progress, status]);
}

/** Puts an IN_PROGRESS requirement back to ACCEPTED: no route does (the demo shows that state). */
export async function reopenAsAccepted(db: Queryable, requirementId: string): Promise<void> {
  await db.query(`UPDATE requirements SET status = 'ACCEPTED' WHERE id = $1 AND status = 'IN_PROGRESS'`, [requirementId]);
}
