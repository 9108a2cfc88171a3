// The safe evaluator of policy conditions (spec 6). Conditions come from the server's policy store
// and may be edited by administrators in IAM, so they are never run as code: jsep parses them and
// this file interprets a small subset of the AST. Anything outside the subset, any malformed
// expression and any result other than the boolean `true` makes the condition false; nothing here
// throws, calls a function or reads a prototype.
import jsep from 'jsep';

/** A value a condition can read from its context (JSON-like data only). */
export type ConditionValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly ConditionValue[]
  | { readonly [key: string]: ConditionValue };

/**
 * What a condition sees: organization, project, scope and the resource's query parameters
 * (spec 6), each as a top-level identifier.
 */
export interface PolicyContext {
  organization?: ConditionValue;
  project?: ConditionValue;
  scope?: ConditionValue;
  [parameter: string]: ConditionValue;
}

// `x in list` reads well in a policy; jsep does not ship it. Registration is idempotent.
jsep.addBinaryOp('in', 7);

const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;
const MAX_CACHED = 500;

class Unsupported extends Error {}

type Node = jsep.Expression;

// Parsing dominates the cost of a check; policies repeat the same few conditions.
const parsed = new Map<string, Node | null>();

function parse(expression: string): Node | null {
  const cached = parsed.get(expression);
  if (cached !== undefined) return cached;
  let node: Node | null;
  try {
    node = expression.length > MAX_LENGTH ? null : jsep(expression);
  } catch {
    node = null;
  }
  if (parsed.size >= MAX_CACHED) parsed.clear();
  parsed.set(expression, node);
  return node;
}

function isRecord(value: ConditionValue): value is { readonly [key: string]: ConditionValue } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Own data properties only: `constructor`, `__proto__` and getters read as undefined. */
function readProperty(target: ConditionValue, key: ConditionValue): ConditionValue {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const name = String(key);
  if (Array.isArray(target)) {
    if (name === 'length') return target.length;
    if (!/^\d+$/.test(name)) return undefined;
  }
  else if (!isRecord(target)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(target, name);
  return descriptor && 'value' in descriptor ? (descriptor.value as ConditionValue) : undefined;
}

function truthy(value: ConditionValue): boolean {
  return Boolean(value);
}

function compare(operator: string, left: ConditionValue, right: ConditionValue): boolean {
  switch (operator) {
    // No coercion: `==` is `===`, so '1' == 1 is false.
    case '==':
    case '===':
      return left === right;
    case '!=':
    case '!==':
      return left !== right;
  }
  const ordered =
    (typeof left === 'number' && typeof right === 'number') ||
    (typeof left === 'string' && typeof right === 'string');
  if (!ordered) return false;
  const [a, b] = [left as number | string, right as number | string];
  switch (operator) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
  throw new Unsupported(operator);
}

function interpret(node: Node, context: PolicyContext, depth: number): ConditionValue {
  if (depth > MAX_DEPTH) throw new Unsupported('too deep');
  const next = (child: Node): ConditionValue => interpret(child, context, depth + 1);
  switch (node.type) {
    case 'Literal': {
      const { value } = node as jsep.Literal;
      if (value instanceof RegExp) throw new Unsupported('regexp');
      return value;
    }
    case 'Identifier':
      return readProperty(context, (node as jsep.Identifier).name);
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const key = member.computed ? next(member.property) : (member.property as jsep.Identifier).name;
      return readProperty(next(member.object), key);
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((element) => (element ? next(element) : undefined));
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator === '!') return !truthy(next(unary.argument));
      if (unary.operator === '-') {
        const value = next(unary.argument);
        if (typeof value === 'number') return -value;
      }
      throw new Unsupported(unary.operator);
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return truthy(next(conditional.test)) ? next(conditional.consequent) : next(conditional.alternate);
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (binary.operator === '&&') return truthy(next(binary.left)) && truthy(next(binary.right));
      if (binary.operator === '||') return truthy(next(binary.left)) || truthy(next(binary.right));
      const left = next(binary.left);
      const right = next(binary.right);
      if (binary.operator === 'in') return Array.isArray(right) && right.includes(left);
      return compare(binary.operator, left, right);
    }
  }
  // Calls, `this`, compounds, sequences, arithmetic: not part of the language.
  throw new Unsupported(node.type);
}

/**
 * True when the condition evaluates to exactly `true` against the context. An absent or blank
 * condition holds; a malformed or unsupported one does not (and never throws).
 */
export function evaluateCondition(condition: string | null | undefined, context: PolicyContext): boolean {
  if (condition === null || condition === undefined || condition.trim() === '') return true;
  const node = parse(condition);
  if (!node) return false;
  try {
    return interpret(node, context, 0) === true;
  } catch {
    return false;
  }
}
