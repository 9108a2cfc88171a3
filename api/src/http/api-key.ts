// How a service module (a CI pipeline) authenticates: its key in a header, instead of a session.

/** The header a client (a CI pipeline) presents its service module's key in. */
export const API_KEY_HEADER = 'x-api-key';

/** Spec 8 has no words for it; a pipeline's log shows this. */
export const INVALID_API_KEY = 'Invalid API key.';

/** A known key sent to a route that takes a signed-in user, not a key. */
export const API_KEY_NOT_ACCEPTED =
  'This call does not take an API key: API keys are accepted by SBOM uploads (POST /api/apps/{appKey}/builds) and GET /api/modules/whoami only.';
