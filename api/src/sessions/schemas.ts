// JSON schemas of the Sessions calls (spec 3, 7), for validation and /api/openapi.json.

const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true });

export const sessionSchema = {
  type: 'object',
  required: ['authenticated', 'authentication_status'],
  properties: {
    session_id: { type: 'string' },
    timestamp: { type: 'number', description: 'When the session was created, epoch milliseconds' },
    authenticated: { type: 'boolean' },
    authentication_status: { type: 'string', enum: ['', 'MfaVerification', 'MfaSetup', 'Authenticated'] },
    organization: nullable({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }),
    user: nullable({
      type: 'object',
      required: ['id', 'login_id', 'name'],
      properties: { id: { type: 'string' }, login_id: { type: 'string' }, name: { type: 'string' } },
    }),
    access_control: nullable({
      type: 'object',
      properties: {
        policies: { type: 'array', items: { type: 'object', additionalProperties: true } },
        projects: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    }),
    edition: { type: 'string' },
    tenancy: { type: 'boolean' },
    roles: { type: 'array', items: { type: 'string' } },
    features: { type: 'object', additionalProperties: { type: 'boolean' } },
  },
} as const;

export const loginSchema = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    // Bounded so that nobody makes the server hash megabytes.
    username: { type: 'string', minLength: 1, maxLength: 255 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

export const codeParamsSchema = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const mfaSetupSchema = {
  type: 'object',
  required: ['qrcode', 'secret'],
  properties: {
    qrcode: { type: 'string', description: 'SVG data URL (data:image/svg+xml;base64) of the otpauth:// URI' },
    secret: { type: 'string', description: 'Base32 TOTP secret, for typing into the app' },
  },
} as const;

export const recoveryCodesSchema = {
  type: 'object',
  required: ['recovery_codes'],
  properties: { recovery_codes: { type: 'array', items: { type: 'string' } } },
} as const;
