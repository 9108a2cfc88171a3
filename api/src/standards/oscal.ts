// OSCAL catalogs (NIST SP 800-53 and its baselines) read into a requirement tree: groups become
// top-level requirements, controls their children, enhancements the controls' children. The
// description is markdown rendered from the control's statement, with each parameter written
// out the way NIST prints it: '[Assignment: organization-defined …]' / '[Selection (one or more): …; …]'.

/** An OSCAL part (statement, item, guidance…), as much of it as the import reads. */
interface OscalPart {
  id?: string;
  name?: string;
  props?: OscalProp[];
  prose?: string;
  parts?: OscalPart[];
}

interface OscalProp {
  name?: string;
  value?: string;
  class?: string;
}

interface OscalParam {
  id?: string;
  label?: string;
  values?: string[];
  guidelines?: { prose?: string }[];
  select?: { 'how-many'?: string; choice?: string[] };
  props?: OscalProp[];
}

interface OscalControl {
  id?: string;
  title?: string;
  props?: OscalProp[];
  params?: OscalParam[];
  parts?: OscalPart[];
  controls?: OscalControl[];
}

interface OscalGroup {
  id?: string;
  title?: string;
  props?: OscalProp[];
  params?: OscalParam[];
  parts?: OscalPart[];
  groups?: OscalGroup[];
  controls?: OscalControl[];
}

export interface OscalCatalog {
  uuid?: string;
  metadata: { title: string; version?: string };
  params?: OscalParam[];
  groups?: OscalGroup[];
  controls?: OscalControl[];
}

/** One requirement of the tree, in catalog order (a parent before its children). */
export interface CatalogNode {
  kind: 'group' | 'control';
  /** The OSCAL id ('ac', 'ac-2', 'ac-2.1'): the requirement's `source`. */
  source: string;
  code: string;
  title: string;
  description: string;
  /** The parent's source; null at the top level. */
  parent: string | null;
  /** Order among its siblings. */
  position: number;
}

export interface ParsedCatalog {
  uuid: string | null;
  title: string;
  version: string;
  nodes: CatalogNode[];
  /** Controls and enhancements (not groups). */
  controls: number;
}

/** The catalog is not usable: the message names what is missing (answered as 400). */
export class CatalogError extends Error {}

const CODE_MAX = 64;
const TITLE_MAX = 500;
const SOURCE_MAX = 255;
const DESCRIPTION_MAX = 100_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function arrayAt(owner: Record<string, unknown>, key: string, where: string): unknown[] {
  const value = owner[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new CatalogError(`The catalog is not valid OSCAL: '${where}.${key}' must be an array.`);
  return value;
}

/**
 * Checks the shape the import needs; accepts `{ catalog: … }` (an OSCAL catalog document) and
 * answers what is missing otherwise.
 */
export function readCatalogDocument(body: unknown): OscalCatalog {
  if (!isObject(body)) throw new CatalogError('The body is not an OSCAL catalog: a JSON object with a "catalog" member is expected.');
  const catalog = body.catalog;
  if (!isObject(catalog)) {
    const found = Object.keys(body).slice(0, 3).join("', '");
    throw new CatalogError(
      `The body is not an OSCAL catalog: the "catalog" member is missing${found ? ` (found '${found}')` : ''}.`,
    );
  }
  const metadata = catalog.metadata;
  if (!isObject(metadata)) throw new CatalogError('The OSCAL catalog has no "metadata".');
  if (typeof metadata.title !== 'string' || metadata.title.trim() === '') throw new CatalogError('The OSCAL catalog has no "metadata.title".');
  const groups = arrayAt(catalog, 'groups', 'catalog');
  const controls = arrayAt(catalog, 'controls', 'catalog');
  if (groups.length === 0 && controls.length === 0) throw new CatalogError('The OSCAL catalog has no "groups" and no "controls".');
  const check = (items: unknown[], where: string, kind: 'group' | 'control'): void => {
    items.forEach((item, index) => {
      const at = `${where}[${index}]`;
      if (!isObject(item)) throw new CatalogError(`The catalog is not valid OSCAL: '${at}' is not an object.`);
      if (typeof item.id !== 'string' || item.id.trim() === '') throw new CatalogError(`The catalog is not valid OSCAL: '${at}' has no "id".`);
      if (item.id.length > SOURCE_MAX) throw new CatalogError(`The catalog is not valid OSCAL: the id of '${at}' is too long.`);
      if (typeof item.title !== 'string' || item.title.trim() === '') {
        throw new CatalogError(`The catalog is not valid OSCAL: '${at}' (${item.id}) has no "title".`);
      }
      if (kind === 'group') check(arrayAt(item, 'groups', at), `${at}.groups`, 'group');
      check(arrayAt(item, 'controls', at), `${at}.controls`, 'control');
    });
  };
  check(groups, 'catalog.groups', 'group');
  check(controls, 'catalog.controls', 'control');
  return catalog as unknown as OscalCatalog;
}

const INSERT = /\{\{\s*insert:\s*param,\s*([^\s}]+)\s*\}\}/g;

/** Writes every `{{ insert: param, id }}` out as NIST prints it. */
function substitute(text: string, params: ReadonlyMap<string, OscalParam>, depth = 0): string {
  return text.replace(INSERT, (_, id: string) => {
    const param = params.get(id);
    if (!param || depth > 5) return `[Assignment: ${id}]`;
    return describeParam(param, params, depth + 1);
  });
}

function describeParam(param: OscalParam, params: ReadonlyMap<string, OscalParam>, depth: number): string {
  if (param.values && param.values.length > 0) return param.values.map((value) => substitute(value, params, depth)).join(', ');
  if (param.select) {
    const choices = (param.select.choice ?? []).map((choice) => substitute(choice, params, depth).trim());
    const howMany = param.select['how-many'];
    const qualifier = howMany ? ` (${howMany.replace(/-/g, ' ')})` : '';
    return `[Selection${qualifier}: ${choices.join('; ')}]`;
  }
  const label = clean(substitute(param.label ?? param.guidelines?.find((guideline) => guideline.prose)?.prose ?? param.id ?? '', params, depth));
  return `[Assignment: ${/^organization-defined\b/i.test(label) ? '' : 'organization-defined '}${label}]`;
}

function labelOf(props: readonly OscalProp[] | undefined): string | undefined {
  const labels = (props ?? []).filter((prop) => prop.name === 'label' && typeof prop.value === 'string' && prop.value !== '');
  return (labels.find((prop) => prop.class === undefined) ?? labels[0])?.value;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\]\s+([;,.:])/g, ']$1').trim();
}

/** The statement as markdown: its prose, then its items as a nested list ('- **a.** …'). */
export function renderStatement(parts: readonly OscalPart[] | undefined, params: ReadonlyMap<string, OscalParam>): string {
  const lines: string[] = [];
  const items = (children: readonly OscalPart[] | undefined, depth: number): void => {
    for (const part of children ?? []) {
      if (part.name !== 'item') continue;
      const label = labelOf(part.props);
      const prose = clean(substitute(part.prose ?? '', params));
      lines.push(`${'  '.repeat(depth)}- ${label ? `**${label}** ` : ''}${prose}`.trimEnd());
      items(part.parts, depth + 1);
    }
  };
  for (const statement of (parts ?? []).filter((part) => part.name === 'statement')) {
    const prose = clean(substitute(statement.prose ?? '', params));
    if (prose) {
      if (lines.length > 0) lines.push('');
      lines.push(prose);
    }
    const before = lines.length;
    items(statement.parts, 0);
    if (prose && lines.length > before) lines.splice(before, 0, '');
  }
  return lines.join('\n');
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The requirement tree of a checked catalog, in catalog order. */
export function parseCatalog(catalog: OscalCatalog): ParsedCatalog {
  const params = new Map<string, OscalParam>();
  const collect = (list: readonly OscalParam[] | undefined) => {
    for (const param of list ?? []) if (param.id) params.set(param.id, param);
  };
  collect(catalog.params);
  const walkParams = (groups: readonly OscalGroup[] | undefined, controls: readonly OscalControl[] | undefined): void => {
    for (const group of groups ?? []) {
      collect(group.params);
      walkParams(group.groups, group.controls);
    }
    for (const control of controls ?? []) {
      collect(control.params);
      walkParams(undefined, control.controls);
    }
  };
  walkParams(catalog.groups, catalog.controls);

  const nodes: CatalogNode[] = [];
  let controls = 0;
  const seen = new Set<string>();
  const codes = new Set<string>();
  const add = (node: CatalogNode) => {
    if (seen.has(node.source)) throw new CatalogError(`The catalog is not valid OSCAL: the id '${node.source}' appears twice.`);
    // Requirement codes are unique in a process (any case).
    if (codes.has(node.code.toLowerCase())) throw new CatalogError(`The catalog names two requirements '${node.code}' (labels or ids).`);
    seen.add(node.source);
    codes.add(node.code.toLowerCase());
    nodes.push(node);
  };
  const addControls = (list: readonly OscalControl[] | undefined, parent: string | null): void => {
    for (const control of list ?? []) {
      const source = control.id!;
      controls += 1;
      add({
        kind: 'control',
        source,
        code: truncate(labelOf(control.props) ?? source.toUpperCase(), CODE_MAX),
        title: truncate(clean(control.title!), TITLE_MAX),
        description: truncate(renderStatement(control.parts, params), DESCRIPTION_MAX),
        parent,
        position: 0,
      });
      addControls(control.controls, source);
    }
  };
  const addGroups = (list: readonly OscalGroup[] | undefined, parent: string | null): void => {
    for (const group of list ?? []) {
      const source = group.id!;
      add({
        kind: 'group',
        source,
        code: truncate(labelOf(group.props) ?? source.toUpperCase(), CODE_MAX),
        title: truncate(clean(group.title!), TITLE_MAX),
        description: truncate(renderStatement(group.parts, params), DESCRIPTION_MAX),
        parent,
        position: 0,
      });
      addGroups(group.groups, source);
      addControls(group.controls, source);
    }
  };
  // Top-level controls (catalogs without groups) come first, then the groups.
  addControls(catalog.controls, null);
  addGroups(catalog.groups, null);
  // Catalog order among siblings (a group's controls follow its sub-groups).
  const next = new Map<string | null, number>();
  for (const node of nodes) {
    node.position = next.get(node.parent) ?? 0;
    next.set(node.parent, node.position + 1);
  }
  return {
    uuid: typeof catalog.uuid === 'string' ? catalog.uuid.slice(0, 64) : null,
    title: truncate(clean(catalog.metadata.title), TITLE_MAX),
    version: truncate(typeof catalog.metadata.version === 'string' ? catalog.metadata.version : '', 255),
    nodes,
    controls,
  };
}
