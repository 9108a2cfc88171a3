// A change of a finding's analysis (POST …/vulnerabilities/{vulnId}/vex): the input checked
// field by field, merged with the current analysis, and held to the rules of a VEX statement.
import {
  hasInjectionMarker,
  MESSAGES,
  VEX_ANALYSIS_STATES,
  VEX_JUSTIFICATIONS,
  VEX_RESPONSES,
  type VexAnalysisState,
  type VexJustification,
  type VexResponse,
} from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import type { AnalysisContent } from './repository';

export const MAX_TEXT = 10_000;

export const NOT_AFFECTED_NEEDS_REASON =
  "The state not_affected needs a justification or a detail (an impact statement) saying why the component is not affected.";
export const JUSTIFICATION_ONLY_NOT_AFFECTED = 'A justification is given only with the state not_affected.';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export interface AnalysisChange {
  next: AnalysisContent;
  comment: string | null;
  changed: boolean;
}

function text(body: Record<string, unknown>, field: string, errors: Record<string, string>): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value as undefined | null;
  if (typeof value !== 'string') {
    errors[field] = 'must be a string';
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) errors[field] = `Must have no more than ${MAX_TEXT} characters.`;
  else if (hasInjectionMarker(trimmed)) errors[field] = MESSAGES.invalidInput;
  return trimmed === '' ? null : trimmed;
}

export const sameContent = (a: AnalysisContent, b: AnalysisContent): boolean =>
  a.state === b.state &&
  a.justification === b.justification &&
  a.detail === b.detail &&
  a.response.length === b.response.length &&
  a.response.every((response, index) => response === b.response[index]);

/** The analysis after applying `body` to `current`; 400 naming the field when it breaks a rule. */
export function analysisChange(body: unknown, current: AnalysisContent): AnalysisChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiProblem(400, 'Send the analysis as a JSON object: { state, justification, response, detail, comment }.');
  }
  const input = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const unknown = Object.keys(input).filter((key) => !['state', 'justification', 'response', 'detail', 'comment'].includes(key));
  for (const key of unknown) errors[key] = 'is not a field of an analysis (state, justification, response, detail, comment)';

  let state = current.state;
  if (input.state !== undefined) {
    if (input.state === null || (VEX_ANALYSIS_STATES as readonly unknown[]).includes(input.state)) state = input.state as VexAnalysisState | null;
    else errors.state = oneOf(VEX_ANALYSIS_STATES);
  }
  let justification = current.justification;
  if (input.justification !== undefined) {
    if (input.justification === null || (VEX_JUSTIFICATIONS as readonly unknown[]).includes(input.justification)) {
      justification = input.justification as VexJustification | null;
    } else errors.justification = oneOf(VEX_JUSTIFICATIONS);
  } else if (input.state !== undefined && state !== 'not_affected') {
    // Leaving not_affected drops its justification unless one is sent (then the rule below speaks).
    justification = null;
  }
  let response = current.response;
  if (input.response !== undefined) {
    const values = input.response;
    if (!Array.isArray(values) || values.some((value) => !(VEX_RESPONSES as readonly unknown[]).includes(value))) {
      errors.response = `must be a list of ${VEX_RESPONSES.join(', ')}`;
    } else response = VEX_RESPONSES.filter((value) => values.includes(value)) as VexResponse[];
  }
  const detailInput = text(input, 'detail', errors);
  const detail = detailInput === undefined ? current.detail : detailInput;
  const comment = text(input, 'comment', errors) ?? null;

  if (state === null && input.state === null) {
    // Not set: the analysis goes, whatever else was sent.
    const next: AnalysisContent = { state: null, justification: null, response: [], detail: null };
    return finish(errors, next, current, comment);
  }
  if (!errors.state && !errors.justification && !errors.detail) {
    if (justification !== null && state !== 'not_affected') errors.justification = JUSTIFICATION_ONLY_NOT_AFFECTED;
    else if (state === 'not_affected' && justification === null && detail === null) errors.justification = NOT_AFFECTED_NEEDS_REASON;
  }
  return finish(errors, { state, justification, response, detail }, current, comment);
}

function finish(errors: Record<string, string>, next: AnalysisContent, current: AnalysisContent, comment: string | null): AnalysisChange {
  const [first] = Object.entries(errors);
  if (first) {
    const [field, message] = first;
    const detail = /^[A-Z]/.test(message) ? message : `The ${field} ${message}.`;
    throw new ApiProblem(400, detail, {}, errors);
  }
  return { next, comment, changed: !sameContent(next, current) };
}
