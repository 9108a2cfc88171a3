// The bytes of an uploaded SBOM: a multipart field `bom`, or the request body itself (JSON or
// XML); gzip (Content-Encoding: gzip, or the gzip magic bytes) is inflated up to a cap on the
// inflated size, as a stream that is abandoned at the cap (http/inflate.ts), and held within the
// process-wide budget of inflated uploads. Too large, before or after inflating: 413.
import { SBOM_MAX_INFLATED_BYTES, SBOM_MAX_UPLOAD_BYTES } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import { gunzipWithin, InflatedTooLarge, type Inflated } from '../http/inflate';

// The most an upload may carry (compressed or not), and the most a gzip upload may inflate to:
// the contract's, so the browser refuses a larger file before sending it.
export { SBOM_MAX_INFLATED_BYTES, SBOM_MAX_UPLOAD_BYTES };

export const tooLarge = (what: string, limit: number) =>
  new ApiProblem(413, `The ${what} is larger than the ${Math.round(limit / (1024 * 1024))} MiB accepted.`);

export function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

const nothingHeld = () => undefined;

/**
 * Inflates a gzip upload (declared or recognised by its magic bytes); other bytes are returned as
 * they are. Release what it answers once done with the bytes: a gzip upload's are held in the budget.
 */
export async function inflateIfGzip(bytes: Buffer, contentEncoding: string | undefined, maxInflated = SBOM_MAX_INFLATED_BYTES): Promise<Inflated> {
  const declared = (contentEncoding ?? '').toLowerCase().split(',').map((part) => part.trim()).filter((part) => part && part !== 'identity');
  if (declared.some((encoding) => encoding !== 'gzip' && encoding !== 'x-gzip')) {
    throw new ApiProblem(415, `Content-Encoding ${JSON.stringify(contentEncoding)} is not accepted; send the SBOM as it is or gzip-compressed.`);
  }
  if (declared.length === 0 && !isGzip(bytes)) return { bytes, release: nothingHeld };
  if (!isGzip(bytes)) throw new ApiProblem(400, 'The body is declared gzip-compressed (Content-Encoding: gzip) but is not gzip data.');
  try {
    return await gunzipWithin(bytes, maxInflated);
  } catch (error) {
    if (error instanceof InflatedTooLarge) throw tooLarge('inflated SBOM', maxInflated);
    throw new ApiProblem(400, `The gzip-compressed SBOM could not be inflated: ${(error as Error).message}.`);
  }
}
