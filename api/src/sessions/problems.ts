import { ApiProblem } from '../http/problem';

/** A refusal with the exact message the caller must see (spec 8), thrown by the identity services. */
export class IdentityProblem extends ApiProblem {}
