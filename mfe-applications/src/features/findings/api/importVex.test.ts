// A VEX document larger than the API accepts is refused before a byte is sent, with the API's own
// 413 message (the contract's VEX limit); one at the limit is sent.
import { ApiError, VEX_MAX_BYTES, VEX_TOO_LARGE } from '@portal/shared';
import { installFakeUploads } from '@portal/shared/testing';
import { jsonFile } from '../../../testing/fixtures';
import { importVex } from './importVex';

const uploads = installFakeUploads();

/** A file of the given size without allocating it: only its size is read before sending. */
const vexOf = (size: number) => jsonFile('analysis.vex.json', '{}', size);

describe('importVex', () => {
  it('refuses a file over the VEX limit with the API’s message, sending nothing', async () => {
    const upload = importVex('demo', 'shop', 'b1', vexOf(VEX_MAX_BYTES + 1), () => undefined);
    await expect(upload).rejects.toEqual(new ApiError(413, VEX_TOO_LARGE));
    await expect(upload).rejects.toMatchObject({ status: 413, message: 'The request body is larger than the 16 MiB this call accepts.' });
    expect(uploads.requests).toHaveLength(0);
  });

  it('sends a file at the limit', () => {
    void importVex('demo', 'shop', 'b1', vexOf(VEX_MAX_BYTES), () => undefined).catch(() => undefined);
    expect(uploads.requests).toHaveLength(1);
    expect(uploads.requests[0].url.pathname).toBe('/api/apps/shop/builds/b1/vex');
  });
});
