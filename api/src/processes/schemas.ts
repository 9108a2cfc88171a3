// JSON schemas of the process routes (they feed /api/openapi.json). Inputs are described, not
// typed, where the service checks them with spec 5 messages (a typed schema would coerce them or
// answer in its own words).
import { DASHBOARD_TYPES, PROCESS_TYPES } from '@portal/shared/server';
import { moduleConfigurationSchema } from '../organizations/index';

export const processSchema = {
  type: 'object',
  required: ['id', 'code_name', 'name', 'type', 'dashboard_type'],
  properties: {
    id: { type: 'string' },
    code_name: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: [...PROCESS_TYPES] },
    dashboard_type: { type: 'string', enum: [...DASHBOARD_TYPES] },
  },
} as const;

export const newProcessBody = {
  type: 'object',
  properties: {
    code_name: { description: 'letters, digits, - _ . (1–64), unique in the organization whatever its case' },
    name: { description: '1–255 characters' },
    type: { description: PROCESS_TYPES.join(' | ') },
    dashboard_type: { description: DASHBOARD_TYPES.join(' | ') },
  },
} as const;

export const processChangesBody = {
  type: 'object',
  properties: {
    name: newProcessBody.properties.name,
    type: newProcessBody.properties.type,
    dashboard_type: newProcessBody.properties.dashboard_type,
  },
} as const;

const channelsSchema = {
  type: 'object',
  required: ['mail', 'portal'],
  properties: { mail: { type: 'boolean' }, portal: { type: 'boolean' } },
} as const;

export const notificationSettingsSchema = {
  type: 'object',
  required: ['settings'],
  properties: { settings: { type: 'object', additionalProperties: channelsSchema } },
} as const;

/** Described, not typed: the service names a wrong event or channel in its message. */
export const notificationSettingsBody = {
  type: 'object',
  properties: {
    settings: { description: "{ [event]: { mail: boolean, portal: boolean } }; events not sent keep their settings" },
  },
} as const;

export { moduleConfigurationSchema };

export const moduleSwitchesBody = {
  type: 'object',
  properties: {
    code: { description: 'boolean; true only where the organization has the module on' },
    requirement: { description: 'boolean; true only where the organization has the module on' },
  },
} as const;

export const graphQuery = {
  type: 'object',
  properties: { graph: { type: 'string', description: 'the process code name, lowercased' } },
} as const;

const param = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: { type: 'string', maxLength: 255 } } }) as const;

export const idParams = param('id');
export const codeNameParams = param('codeName');
export const codeParams = param('code');
