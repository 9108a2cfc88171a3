// A failure while reading a multipart body (@fastify/multipart over busboy) said as the client's
// mistake, once for every route that takes uploads (SBOMs, advisories and the KEV catalog,
// requirement attachments). The size cap is a 413; the parser's limits and a body that is not the
// multipart the route expects are 400s in the route's own words; a body that is not well-formed
// multipart (cut short, no boundary) is a 400 that says so. busboy's own errors carry no status,
// and were answered 500 before.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiProblem } from './problem';

/**
 * What a multipart body may carry besides its file's bytes: boundaries, part headers and the small
 * fields around it. The parser limits each part, not the whole; the whole is counted here.
 */
export const MULTIPART_FRAMING_BYTES = 1024 * 1024;

/** The whole multipart body passed its route's limit (counted as it arrived). */
class MultipartBodyTooLarge extends Error {}

/**
 * The parts of `request`, the raw body counted as it arrives: past `maxBytes` (plus the framing)
 * the parts fail with the route's 413, whatever their sizes each. busboy's limits are per part (an
 * SBOM sent as a field needs a field size of 64 MiB), so ten such fields would be read otherwise.
 */
export function partsWithin(request: FastifyRequest, maxBytes: number): AsyncIterableIterator<Multipart> {
  const parts = request.parts(); // pipes the body into the parser: counting from here loses nothing
  const limit = maxBytes + MULTIPART_FRAMING_BYTES;
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    request.raw.off('data', count);
    // @fastify/multipart stops parsing on the request's error and hands it to the parts.
    request.raw.emit('error', new MultipartBodyTooLarge(`the multipart body passed ${limit} bytes`));
  };
  request.raw.on('data', count);
  request.raw.once('end', () => request.raw.off('data', count));
  return parts;
}

export interface MultipartWords {
  /** The 413 for a file over the route's cap. */
  tooLarge: () => ApiProblem;
  /** What to send instead: for a body that is not the multipart the route expects. */
  refusal: string;
  /** A second file; default `refusal`. */
  oneFile?: string;
  /** Too many parts or fields; default `refusal`. */
  tooManyParts?: string;
}

/** The problem to answer for `error`, thrown while reading a multipart body. */
export function multipartProblem(app: FastifyInstance, error: unknown, words: MultipartWords): unknown {
  if (error instanceof ApiProblem) return error;
  // The rest of such a body is not read: the connection closes after the answer.
  if (error instanceof MultipartBodyTooLarge) return new ApiProblem(413, words.tooLarge().detail, { connection: 'close' });
  const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError, InvalidMultipartContentTypeError } = app.multipartErrors;
  if (error instanceof RequestFileTooLargeError) return words.tooLarge();
  if (error instanceof FilesLimitError) return new ApiProblem(400, words.oneFile ?? words.refusal);
  if (error instanceof PartsLimitError || error instanceof FieldsLimitError) return new ApiProblem(400, words.tooManyParts ?? words.refusal);
  if (error instanceof InvalidMultipartContentTypeError) return new ApiProblem(400, words.refusal);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') {
    if (status === 413) return words.tooLarge();
    if (status >= 500) return error;
    return new ApiProblem(400, words.refusal);
  }
  const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  return new ApiProblem(400, `${MULTIPART_UNREADABLE}: ${reason}. ${words.refusal}`);
}

/** The start of the 400 for a body that is not well-formed multipart. */
export const MULTIPART_UNREADABLE = 'The multipart body could not be read';

/** `read()`, with what it throws said as `multipartProblem` does. */
export async function readMultipart<T>(app: FastifyInstance, words: MultipartWords, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw multipartProblem(app, error, words);
  }
}

/** The one file of a multipart upload, read whole. */
export interface UploadedFile {
  content: Buffer;
  filename: string;
  mimetype: string;
  /** Cut at the route's size cap (only when the route does not throw on it). */
  truncated: boolean;
}

/**
 * Reads every part of the body and answers its one file, sent as `field`. Other fields are
 * ignored; a file under another name is `words.refusal`; a second file is `words.oneFile` (the
 * route registers the parser with `files: 1`). Reading on to the end is what makes a second file
 * an error: `request.file()` would take the first and silently drop the rest.
 */
export function readOneFile(app: FastifyInstance, request: FastifyRequest, field: string, words: MultipartWords): Promise<UploadedFile> {
  return readMultipart(app, words, async () => {
    let found: UploadedFile | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) throw new ApiProblem(400, words.refusal);
      const content = await part.toBuffer();
      found = { content, filename: part.filename, mimetype: part.mimetype, truncated: part.file.truncated };
    }
    if (!found) throw new ApiProblem(400, words.refusal);
    return found;
  });
}
