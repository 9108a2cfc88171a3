// JSON schemas of the organization routes (they feed /api/openapi.json). Inputs are bounded but
// not typed where the services check them with spec 5 messages (the schema would coerce).
const text = { type: 'string', maxLength: 1024 } as const;

export const moduleConfigurationSchema = {
  type: 'object',
  required: ['code', 'requirement', 'num_of_projects', 'num_of_users', 'num_of_apps'],
  properties: {
    code: { type: 'boolean' },
    requirement: { type: 'boolean' },
    num_of_projects: { type: 'integer', minimum: -1 },
    num_of_users: { type: 'integer', minimum: -1 },
    num_of_apps: { type: 'integer', minimum: -1 },
  },
} as const;

export const usageSchema = {
  type: 'object',
  required: ['projects', 'users', 'apps'],
  properties: { projects: { type: 'integer' }, users: { type: 'integer' }, apps: { type: 'integer' } },
} as const;

export const organizationSchema = {
  type: 'object',
  required: ['id', 'name', 'created_at', 'edition', 'trial_ends_at', 'module_configuration', 'usage'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    edition: { type: 'string' },
    trial_ends_at: { type: 'string', format: 'date-time', nullable: true },
    module_configuration: moduleConfigurationSchema,
    usage: usageSchema,
  },
} as const;

export const subscriptionSchema = {
  type: 'object',
  required: ['organization', 'edition', 'trial', 'limits', 'usage'],
  properties: {
    organization: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
    edition: { type: 'string' },
    trial: {
      type: 'object',
      nullable: true,
      required: ['active', 'ends_at'],
      properties: { active: { type: 'boolean' }, ends_at: { type: 'string', format: 'date-time' } },
    },
    limits: moduleConfigurationSchema,
    usage: usageSchema,
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export const newOrganizationBody = {
  type: 'object',
  properties: {
    name: text,
    admin: {
      type: 'object',
      properties: { login_id: text, name: text, email: text, password: text },
    },
  },
} as const;

export const trialBody = { type: 'object', properties: { name: text, email: text } } as const;

/** Described, not typed: parseModuleConfiguration refuses `"true"` or 1.5 with a message. */
export const moduleConfigurationBody = {
  type: 'object',
  properties: {
    code: { description: 'boolean' },
    requirement: { description: 'boolean' },
    num_of_projects: { description: 'integer ≥ -1 (-1: unlimited)' },
    num_of_users: { description: 'integer ≥ -1 (-1: unlimited)' },
    num_of_apps: { description: 'integer ≥ -1 (-1: unlimited)' },
  },
} as const;

const channelsSchema = {
  type: 'object',
  required: ['mail', 'portal'],
  properties: { mail: { type: 'boolean' }, portal: { type: 'boolean' } },
} as const;

/** GET, PATCH organizations/{id}/settings: what the organization admin manages. */
export const organizationSettingsSchema = {
  type: 'object',
  required: ['id', 'name', 'contacts', 'notification_settings'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    contacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'name', 'email'],
        properties: { role: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
      },
    },
    notification_settings: { type: 'object', additionalProperties: channelsSchema },
  },
} as const;

/** Described, not typed: the service names each field refused with its spec 5 message. */
export const organizationSettingsBody = {
  type: 'object',
  properties: {
    name: { description: 'string, 1–255 characters; unique among organizations whatever the case' },
    contacts: { description: 'the whole list, at most 10: [{ role (safetext), name, email }]' },
    notification_settings: { description: '{ [event]: { mail: boolean, portal: boolean } }; events not sent keep theirs' },
  },
} as const;
