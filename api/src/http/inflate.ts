// Compressed uploads without decompression bombs (issue 20 "compressed bodies are inflated as a
// stream with the limit checked as bytes arrive"). A gzip body is inflated twice, as a stream both
// times: first only counted, chunk by chunk as zlib gives them, and abandoned the moment the count
// passes the cap — a bomb costs zlib's window and a chunk, never its inflated size; then, once the
// size is known to be within the cap, into one buffer of exactly that size. What uploads hold
// inflated at once across requests is bounded by a process-wide budget: an upload whose size does
// not fit waits its turn (first come, first served) until earlier ones are done with theirs.
import { createGunzip, type Gunzip } from 'node:zlib';

/** What uploads may hold inflated at once, across requests: the largest one alone (SBOM_MAX_INFLATED_BYTES). */
export const INFLATION_BUDGET_BYTES = 256 * 1024 * 1024;
/** zlib's output chunk: mmap-sized, so that what a counting pass leaves behind goes back to the system at once. */
const CHUNK_BYTES = 256 * 1024;

/** The inflated size passed `cap` (known after at most `cap` + one chunk of output). */
export class InflatedTooLarge extends Error {
  constructor(readonly cap: number) {
    super(`inflates to more than ${cap} bytes`);
  }
}

/** The bytes are not gzip data zlib can read (the message says why). */
export class NotGzip extends Error {}

/**
 * Bytes reserved in a budget, first come first served. A reservation larger than the budget is
 * refused at once (it could never be granted); others wait until they fit and every earlier one
 * has been granted, so a large one is not passed over forever by small ones.
 */
export class InflationBudget {
  private used = 0;
  private readonly waiting: Array<{ bytes: number; grant: () => void }> = [];

  constructor(readonly capacity: number) {}

  /** Resolves once `bytes` are reserved; the function it gives releases them (once). */
  async reserve(bytes: number): Promise<() => void> {
    if (bytes > this.capacity) throw new RangeError(`${bytes} bytes cannot fit a budget of ${this.capacity}`);
    if (this.waiting.length > 0 || this.used + bytes > this.capacity) {
      await new Promise<void>((grant) => this.waiting.push({ bytes, grant }));
    } else {
      this.used += bytes;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      this.grantWaiting();
    };
  }

  /** Bytes reserved now (tests, benchmarks). */
  get reserved(): number {
    return this.used;
  }

  private grantWaiting(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0].bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.grant();
    }
  }
}

/** The budget every upload of this process shares. */
export const inflationBudget = new InflationBudget(INFLATION_BUDGET_BYTES);

/** Feeds `bytes` through a gunzip stream, handing each output chunk to `take`; `take` answering false stops it. */
function gunzipChunks(bytes: Buffer, take: (chunk: Buffer) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const gunzip: Gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
    let stopped = false;
    gunzip.on('data', (chunk: Buffer) => {
      if (stopped || take(chunk)) return;
      stopped = true;
      gunzip.destroy();
      resolve();
    });
    gunzip.on('error', (error) => {
      if (!stopped) reject(new NotGzip(error.message));
    });
    gunzip.on('end', () => resolve());
    gunzip.end(bytes);
  });
}

/** The inflated size of gzip `bytes`, counted as zlib produces it; InflatedTooLarge past `cap`. Holds nothing. */
export async function inflatedSize(bytes: Buffer, cap: number): Promise<number> {
  let size = 0;
  await gunzipChunks(bytes, (chunk) => {
    size += chunk.length;
    return size <= cap;
  });
  if (size > cap) throw new InflatedTooLarge(cap);
  return size;
}

/** An upload inflated within its cap, its bytes reserved in the budget until `release()`. */
export interface Inflated {
  bytes: Buffer;
  release(): void;
}

/**
 * Inflates gzip `bytes` of at most `cap` inflated bytes: counted first (a bomb is refused holding
 * nothing), then, its size reserved in `budget`, inflated into a buffer of exactly that size.
 */
export async function gunzipWithin(bytes: Buffer, cap: number, budget: InflationBudget = inflationBudget): Promise<Inflated> {
  const size = await inflatedSize(bytes, cap);
  const release = await budget.reserve(size);
  try {
    const inflated = Buffer.allocUnsafe(size);
    let offset = 0;
    await gunzipChunks(bytes, (chunk) => {
      // The same bytes inflate the same way; should they not, nothing past the size is written.
      offset += chunk.copy(inflated, offset);
      return offset < size || chunk.length === 0;
    });
    return { bytes: offset === size ? inflated : inflated.subarray(0, offset), release };
  } catch (error) {
    release();
    throw error;
  }
}
