// From a table to the chart's people: the mapping proposed from the header's words, the mapping
// the user chose checked against the file, and every row checked (line numbers of the file) before
// anything is stored: ids and names present and unique, managers in the file, no cycle, emails
// well formed. One refused row refuses the import.
import { hasInjectionMarker, MESSAGES, ORG_CHART_FIELDS, PATTERNS, type OrgChartField, type OrgChartMapping, type OrgChartRowError } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import type { Table } from './parse';

export interface Person {
  id: string;
  name: string;
  title: string;
  manager_id: string | null;
  email: string | null;
  department: string;
  line: number;
}

const MAX_LENGTH = 255;

// Header words (lower case, letters and digits only) that name each field, most specific first.
const SYNONYMS: Record<OrgChartField, readonly string[]> = {
  id: ['id', 'employeeid', 'personid', 'empid', 'employeenumber', 'employeeno', 'staffid', 'externalid', 'userid'],
  name: ['name', 'fullname', 'displayname', 'employeename', 'employee', 'person'],
  title: ['title', 'jobtitle', 'position', 'role', 'function'],
  manager_id: ['managerid', 'manager', 'reportsto', 'supervisorid', 'supervisor', 'parentid', 'parent', 'bossid'],
  email: ['email', 'emailaddress', 'mail', 'workemail'],
  department: ['department', 'dept', 'team', 'division', 'unit', 'orgunit'],
};

const word = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The mapping the header suggests: each field to the first column whose header is one of its words. */
export function proposeMapping(columns: readonly string[]): OrgChartMapping {
  const words = columns.map(word);
  const taken = new Set<number>();
  const mapping = {} as OrgChartMapping;
  for (const field of ORG_CHART_FIELDS) {
    let found: number | null = null;
    for (const synonym of SYNONYMS[field]) {
      const index = words.findIndex((candidate, position) => candidate === synonym && !taken.has(position));
      if (index >= 0) {
        found = index;
        break;
      }
    }
    if (found !== null) taken.add(found);
    mapping[field] = found;
  }
  return mapping;
}

export const MAPPING_REQUIRED = "Map the columns of 'id' and 'name': both are required.";
export const MAPPING_NOT_JSON = "Send the mapping as JSON in the field 'mapping', e.g. {\"id\":0,\"name\":1}.";

/** The chosen mapping (a JSON field of the upload), checked against the file's columns. */
export function chosenMapping(raw: string | undefined, columns: readonly string[]): OrgChartMapping {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    throw new ApiProblem(400, MAPPING_NOT_JSON, {}, { mapping: MAPPING_NOT_JSON });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiProblem(400, MAPPING_NOT_JSON, {}, { mapping: MAPPING_NOT_JSON });
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).find((key) => !(ORG_CHART_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) throw refusal(`The mapping names '${unknown.slice(0, 40)}', which is not one of ${ORG_CHART_FIELDS.join(', ')}.`);
  const mapping = {} as OrgChartMapping;
  const used = new Map<number, OrgChartField>();
  for (const field of ORG_CHART_FIELDS) {
    const index = given[field] ?? null;
    if (index === null) {
      mapping[field] = null;
      continue;
    }
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= columns.length) {
      throw refusal(`The mapping of '${field}' must be the index of one of the file's ${columns.length} columns (0 to ${columns.length - 1}).`);
    }
    const twice = used.get(index);
    if (twice) throw refusal(`The column '${columns[index]}' is mapped to both '${twice}' and '${field}'.`);
    used.set(index, field);
    mapping[field] = index;
  }
  if (mapping.id === null || mapping.name === null) throw refusal(MAPPING_REQUIRED);
  return mapping;
}

const refusal = (message: string) => new ApiProblem(400, message, {}, { mapping: message });

/** The people of the table under `mapping`, or every row error (line numbers of the file). */
export function peopleOf(table: Table, mapping: OrgChartMapping): { people: Person[]; errors: OrgChartRowError[] } {
  const errors: OrgChartRowError[] = [];
  const people: Person[] = [];
  const firstLine = new Map<string, number>();
  const cell = (cells: readonly string[], field: OrgChartField) => {
    const index = mapping[field];
    return index === null ? '' : (cells[index] ?? '').trim();
  };
  for (const { line, cells } of table.rows) {
    const error = (field: OrgChartField, message: string) => errors.push({ line, field, message });
    const person: Person = {
      id: cell(cells, 'id'),
      name: cell(cells, 'name'),
      title: cell(cells, 'title'),
      manager_id: cell(cells, 'manager_id') || null,
      email: cell(cells, 'email') || null,
      department: cell(cells, 'department'),
      line,
    };
    if (person.id === '') error('id', 'The id is missing.');
    if (person.name === '') error('name', 'The name is missing.');
    for (const field of ORG_CHART_FIELDS) {
      const value = field === 'manager_id' ? person.manager_id : field === 'email' ? person.email : person[field];
      if (value === null) continue;
      if (value.length > MAX_LENGTH) error(field, `The ${label(field)} is longer than ${MAX_LENGTH} characters.`);
      else if (hasInjectionMarker(value)) error(field, `The ${label(field)}: ${MESSAGES.invalidInput}`);
    }
    if (person.email !== null && !PATTERNS.email.test(person.email)) error('email', `The email '${person.email.slice(0, 80)}' is not a valid address.`);
    if (person.id !== '') {
      const earlier = firstLine.get(person.id);
      if (earlier !== undefined) error('id', `The id '${person.id}' is already used on line ${earlier}.`);
      else firstLine.set(person.id, line);
    }
    people.push(person);
  }
  errors.push(...managerErrors(people, firstLine));
  errors.sort((a, b) => a.line - b.line || ORG_CHART_FIELDS.indexOf(a.field) - ORG_CHART_FIELDS.indexOf(b.field));
  return { people, errors };
}

const label = (field: OrgChartField) => (field === 'manager_id' ? 'manager id' : field);

/** Managers not in the file, and the people whose management chain comes back to them. */
function managerErrors(people: readonly Person[], lineOf: ReadonlyMap<string, number>): OrgChartRowError[] {
  const errors: OrgChartRowError[] = [];
  const byId = new Map<string, Person>();
  for (const person of people) if (person.id !== '' && !byId.has(person.id)) byId.set(person.id, person);
  for (const person of byId.values()) {
    if (person.manager_id !== null && !byId.has(person.manager_id)) {
      errors.push({ line: person.line, field: 'manager_id', message: `The manager '${person.manager_id}' is not in the file.` });
    }
  }
  // Each chain is walked once: 'done' people lead to the top (or to an unknown manager).
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of byId.values()) {
    const path: Person[] = [];
    let current: Person | undefined = start;
    while (current && !state.has(current.id)) {
      state.set(current.id, 'walking');
      path.push(current);
      current = current.manager_id === null ? undefined : byId.get(current.manager_id);
    }
    if (current && state.get(current.id) === 'walking') {
      const cycle = path.slice(path.indexOf(current));
      const ring = [...cycle.map((person) => person.id), current.id].join(' → ');
      for (const person of cycle) {
        errors.push({ line: person.line, field: 'manager_id', message: `The management chain is a cycle: ${ring} (lines ${cycle.map((member) => lineOf.get(member.id)).join(', ')}).` });
      }
    }
    for (const person of path) state.set(person.id, 'done');
  }
  return errors;
}
