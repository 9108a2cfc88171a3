// The JSON schemas of the compliance answers (the contract's ComplianceCheck, RequirementCompliance,
// ComplianceStatusItem): what the routes serialize, and what the OpenAPI document says.
import { COMPLIANCE_CHECK_KINDS, COMPLIANCE_REASON_KINDS, COMPLIANCE_STATUSES } from '@portal/shared/server';
import { userRefSchema } from '../analysis/service';

const status = { type: 'string', enum: [...COMPLIANCE_STATUSES] } as const;
const nullableStatus = { type: ['string', 'null'], enum: [...COMPLIANCE_STATUSES, null] } as const;
const kind = { type: 'string', enum: [...COMPLIANCE_CHECK_KINDS] } as const;

export const reasonSchema = {
  type: 'object',
  required: ['kind', 'id', 'label', 'link'],
  properties: { kind: { type: 'string', enum: [...COMPLIANCE_REASON_KINDS] }, id: { type: 'string' }, label: { type: 'string' }, link: { type: ['string', 'null'] } },
} as const;

export const checkSchema = {
  type: 'object',
  required: ['id', 'requirement_id', 'kind', 'scope', 'params', 'description', 'created_by', 'created_at', 'updated_at', 'result'],
  properties: {
    id: { type: 'string' },
    requirement_id: { type: 'string' },
    kind,
    scope: { type: 'object', additionalProperties: true, description: "ComplianceScope: { kind: 'process' | 'applications' | 'repositories' | 'cloud-accounts', … }" },
    params: { type: 'object', additionalProperties: true, description: "The kind's parameters (ComplianceParams), defaults filled in" },
    description: { type: 'string' },
    created_by: userRefSchema,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    result: {
      type: 'object',
      required: ['status', 'summary', 'reasons', 'reason_total', 'hidden_reasons', 'evaluated_at', 'since'],
      properties: {
        status,
        summary: { type: 'string' },
        reasons: { type: 'array', items: reasonSchema },
        reason_total: { type: 'integer' },
        hidden_reasons: { type: 'integer' },
        evaluated_at: { type: ['string', 'null'] },
        since: { type: 'string' },
      },
    },
  },
} as const;

export const historySchema = {
  type: 'object',
  required: ['at', 'check_id', 'kind', 'from', 'to', 'summary'],
  properties: {
    at: { type: 'string' },
    check_id: { type: ['string', 'null'] },
    kind: { type: ['string', 'null'], enum: [...COMPLIANCE_CHECK_KINDS, null] },
    from: nullableStatus,
    // null: the requirement's last check was deleted.
    to: nullableStatus,
    summary: { type: 'string' },
  },
} as const;

export const requirementComplianceSchema = {
  type: 'object',
  required: ['requirement_id', 'status', 'since', 'evaluated_at', 'checks', 'history'],
  properties: {
    requirement_id: { type: 'string' },
    status: nullableStatus,
    since: { type: ['string', 'null'] },
    evaluated_at: { type: ['string', 'null'] },
    checks: { type: 'array', items: checkSchema },
    history: { type: 'array', items: historySchema },
  },
} as const;

export const statusItemSchema = {
  type: 'object',
  required: ['requirement_id', 'status', 'since'],
  properties: { requirement_id: { type: 'string' }, status, since: { type: 'string' } },
} as const;

/** The body of POST and PUT checks, as documentation: the service reads it field by field (precise 400s). */
export const checkBody = {
  type: 'object',
  properties: {
    kind: { description: COMPLIANCE_CHECK_KINDS.join(', ') },
    scope: { description: "absent: { kind: 'process' }; { kind: 'applications', keys, portfolios, tags }, { kind: 'repositories', names }, { kind: 'cloud-accounts', accounts }" },
    params: { description: "the kind's parameters (ComplianceParams); absent ones take their defaults" },
  },
} as const;

export const checkParams = {
  type: 'object',
  required: ['id', 'checkId'],
  properties: { id: { type: 'string' }, checkId: { type: 'string' } },
} as const;
