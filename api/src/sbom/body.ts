// The bytes of an uploaded SBOM: a multipart field `bom`, or the request body itself (JSON or
// XML); gzip (Content-Encoding: gzip, or the gzip magic bytes) is inflated up to a cap on the
// inflated size. Too large, before or after inflating: 413.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ApiProblem } from '../http/problem';

const inflate = promisify(gunzip);

/** The most an upload may carry (compressed or not). */
export const SBOM_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
/** The most a gzip upload may inflate to. */
export const SBOM_MAX_INFLATED_BYTES = 256 * 1024 * 1024;

export const tooLarge = (what: string, limit: number) =>
  new ApiProblem(413, `The ${what} is larger than the ${Math.round(limit / (1024 * 1024))} MiB accepted.`);

export function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Inflates a gzip upload (declared or recognised by its magic bytes); other bytes are returned as they are. */
export async function inflateIfGzip(bytes: Buffer, contentEncoding: string | undefined, maxInflated = SBOM_MAX_INFLATED_BYTES): Promise<Buffer> {
  const declared = (contentEncoding ?? '').toLowerCase().split(',').map((part) => part.trim()).filter((part) => part && part !== 'identity');
  if (declared.some((encoding) => encoding !== 'gzip' && encoding !== 'x-gzip')) {
    throw new ApiProblem(415, `Content-Encoding ${JSON.stringify(contentEncoding)} is not accepted; send the SBOM as it is or gzip-compressed.`);
  }
  if (declared.length === 0 && !isGzip(bytes)) return bytes;
  if (!isGzip(bytes)) throw new ApiProblem(400, 'The body is declared gzip-compressed (Content-Encoding: gzip) but is not gzip data.');
  try {
    return await inflate(bytes, { maxOutputLength: maxInflated });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw tooLarge('inflated SBOM', maxInflated);
    throw new ApiProblem(400, `The gzip-compressed SBOM could not be inflated: ${(error as Error).message}.`);
  }
}
