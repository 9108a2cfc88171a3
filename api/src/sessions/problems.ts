import { ApiProblem } from '../http/problem';

/** A refusal with the exact message the caller must see (spec 8), thrown by the identity services. */
export class IdentityProblem extends ApiProblem {}

// Spec 8 has no words for a refused burst of sign-ins; the sign-in screen shows its 'other'
// message for 429 whatever this says, but API callers and logs get the reason.
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';
