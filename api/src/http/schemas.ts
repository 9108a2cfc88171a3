// JSON schema pieces every family's routes share (they feed /api/openapi.json and serialize answers).

export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
export const string = { type: 'string' } as const;

/** The `graph` query parameter: the process a request is about. */
export const graph = { type: 'string', description: 'the process code name, lowercased' } as const;
export const graphQuery = { type: 'object', properties: { graph } } as const;
export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;

export const userRefSchema = {
  type: 'object',
  required: ['id', 'login_id', 'name'],
  properties: { id: string, login_id: string, name: string },
} as const;
