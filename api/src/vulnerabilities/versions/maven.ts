// Maven's version order, as org.apache.maven.artifact.versioning.ComparableVersion defines it:
// a version is a list of items (integers, qualifiers, sub-lists opened by '-' or by a switch
// between digits and letters); known qualifiers order alpha < beta < milestone < rc = cr <
// snapshot < '' = ga = final = release < sp, unknown qualifiers after them (alphabetically),
// integers after every qualifier, and trailing "null" items (0, '', empty lists) are dropped.

type Item = IntItem | StringItem | ListItem;

interface IntItem {
  kind: 'int';
  /** A number while exact, a bigint beyond (numbers and bigints compare with < and >). */
  value: number | bigint;
}

interface StringItem {
  kind: 'string';
  value: string;
}

interface ListItem {
  kind: 'list';
  items: Item[];
}

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' };
const RELEASE_VERSION_INDEX = String(QUALIFIERS.indexOf(''));

function stringItem(value: string, followedByDigit: boolean): StringItem {
  let text = value;
  if (followedByDigit && text.length === 1) {
    // 'a1' is alpha-1, 'b2' beta-2, 'm3' milestone-3.
    if (text === 'a') text = 'alpha';
    else if (text === 'b') text = 'beta';
    else if (text === 'm') text = 'milestone';
  }
  return { kind: 'string', value: ALIASES[text] ?? text };
}

function comparableQualifier(qualifier: string): string {
  const index = QUALIFIERS.indexOf(qualifier);
  return index === -1 ? `${QUALIFIERS.length}-${qualifier}` : String(index);
}

const ZERO: IntItem = { kind: 'int', value: 0 };

function parseItem(isDigit: boolean, text: string): Item {
  if (!isDigit) return stringItem(text, false);
  return { kind: 'int', value: text.length < 16 ? Number(text) : BigInt(text) };
}

function isZero(value: number | bigint): boolean {
  return typeof value === 'number' ? value === 0 : value === 0n;
}

function isNull(item: Item): boolean {
  if (item.kind === 'int') return isZero(item.value);
  if (item.kind === 'string') return comparableQualifier(item.value) === RELEASE_VERSION_INDEX;
  return item.items.length === 0;
}

function normalize(list: ListItem): void {
  for (let i = list.items.length - 1; i >= 0; i -= 1) {
    const last = list.items[i];
    if (isNull(last)) list.items.splice(i, 1);
    else if (last.kind !== 'list') break;
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `item` compared with `other`; `other` undefined stands for the end of the shorter list. */
function compareItem(item: Item, other: Item | undefined): number {
  switch (item.kind) {
    case 'int':
      if (other === undefined) return isZero(item.value) ? 0 : 1;
      if (other.kind === 'int') return item.value < other.value ? -1 : item.value > other.value ? 1 : 0;
      return 1; // an integer is after any qualifier and any sub-list
    case 'string':
      if (other === undefined) return compareStrings(comparableQualifier(item.value), RELEASE_VERSION_INDEX);
      if (other.kind === 'int' || other.kind === 'list') return -1;
      return compareStrings(comparableQualifier(item.value), comparableQualifier(other.value));
    case 'list': {
      if (other === undefined) return item.items.length === 0 ? 0 : compareItem(item.items[0], undefined);
      if (other.kind === 'int') return -1;
      if (other.kind === 'string') return 1;
      const length = Math.max(item.items.length, other.items.length);
      for (let i = 0; i < length; i += 1) {
        const left = item.items[i];
        const right = other.items[i];
        const result = left === undefined ? (right === undefined ? 0 : -compareItem(right, left)) : compareItem(left, right);
        if (result !== 0) return result;
      }
      return 0;
    }
  }
}

export type MavenVersion = ListItem;

/** The parsed form of a Maven version; null for an empty or blank string. */
export function parseMavenVersion(version: string): MavenVersion | null {
  const text = version.trim().toLowerCase();
  if (text === '' || /\s/.test(text)) return null;
  const root: ListItem = { kind: 'list', items: [] };
  let list = root;
  const stack: ListItem[] = [root];
  let isDigit = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '.') {
      list.items.push(i === start ? ZERO : parseItem(isDigit, text.slice(start, i)));
      start = i + 1;
    } else if (c === '-') {
      list.items.push(i === start ? ZERO : parseItem(isDigit, text.slice(start, i)));
      start = i + 1;
      const sub: ListItem = { kind: 'list', items: [] };
      list.items.push(sub);
      list = sub;
      stack.push(sub);
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        // 'rc1': the qualifier is followed by a digit, then a new sub-list starts.
        list.items.push(stringItem(text.slice(start, i), true));
        start = i;
        const sub: ListItem = { kind: 'list', items: [] };
        list.items.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.items.push(parseItem(true, text.slice(start, i)));
        start = i;
        const sub: ListItem = { kind: 'list', items: [] };
        list.items.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = false;
    }
  }
  if (text.length > start) list.items.push(parseItem(isDigit, text.slice(start)));
  while (stack.length > 0) normalize(stack.pop() as ListItem);
  return root;
}

export function compareMavenVersions(a: MavenVersion, b: MavenVersion): number {
  return compareItem(a, b);
}
