// Why a cloud sync failed, as the module's screen shows it: the cloud's HTTP status when it
// answered one (401/403 bad credentials, 500 its failure), and its message.

export class CloudSyncError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'CloudSyncError';
  }
}

const clip = (text: string) => (text.length > 1000 ? `${text.slice(0, 999)}…` : text);

/** An SDK's error (AWS: `$metadata.httpStatusCode`; Azure: `statusCode`) as a CloudSyncError naming the step. */
export function syncFailure(step: string, error: unknown): CloudSyncError {
  if (error instanceof CloudSyncError) return error;
  const failure = (error ?? {}) as { message?: unknown; name?: unknown; code?: unknown; statusCode?: unknown; $metadata?: { httpStatusCode?: unknown } };
  const status = failure.$metadata?.httpStatusCode ?? failure.statusCode;
  const httpStatus = typeof status === 'number' ? status : null;
  const name = typeof failure.name === 'string' && failure.name !== 'Error' ? `${failure.name}: ` : '';
  const message = typeof failure.message === 'string' && failure.message.trim() !== '' ? failure.message.trim() : String(failure.code ?? 'no message');
  return new CloudSyncError(clip(`${step} failed${httpStatus ? ` (HTTP ${httpStatus})` : ''}: ${name}${message}`), httpStatus);
}
