// The upload limits are the contract's: the API's 413 messages and the remotes' refusals before
// sending are these constants, so they are pinned here with the texts the API answered before.
import {
  ADVISORY_UPLOAD_MAX_BYTES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  bodyTooLarge,
  byteSize,
  CATALOG_MAX_BYTES,
  SBOM_INFLATED_TOO_LARGE,
  SBOM_MAX_INFLATED_BYTES,
  SBOM_MAX_UPLOAD_BYTES,
  SBOM_TOO_LARGE,
  UPLOAD_LIMITS,
  uploadTooLarge,
  VEX_MAX_BYTES,
  VEX_TOO_LARGE,
} from './constants';

const MiB = 1024 * 1024;

describe('upload limits', () => {
  it('are the sizes the API enforces', () => {
    expect(SBOM_MAX_UPLOAD_BYTES).toBe(64 * MiB);
    expect(SBOM_MAX_INFLATED_BYTES).toBe(256 * MiB);
    expect(ATTACHMENT_MAX_BYTES).toBe(10 * MiB);
    expect(ADVISORY_UPLOAD_MAX_BYTES).toBe(512 * MiB);
    expect(VEX_MAX_BYTES).toBe(16 * MiB);
    expect(CATALOG_MAX_BYTES).toBe(32 * MiB);
  });

  it('answer with the texts the API answers a 413 with', () => {
    expect(SBOM_TOO_LARGE).toBe('The SBOM is larger than the 64 MiB accepted.');
    expect(SBOM_INFLATED_TOO_LARGE).toBe('The inflated SBOM is larger than the 256 MiB accepted.');
    expect(ATTACHMENT_TOO_LARGE).toBe('The file is too large (at most 10 MB).');
    expect(VEX_TOO_LARGE).toBe('The request body is larger than the 16 MiB this call accepts.');
    expect(bodyTooLarge(1024)).toBe('The request body is larger than the 1 KiB this call accepts.');
    expect([byteSize(100), byteSize(2048), byteSize(3 * MiB)]).toEqual(['100 bytes', '2 KiB', '3 MiB']);
  });

  it('refuse a file one byte over its kind’s limit, and accept one at the limit', () => {
    for (const [kind, limit] of Object.entries(UPLOAD_LIMITS) as [keyof typeof UPLOAD_LIMITS, (typeof UPLOAD_LIMITS)[keyof typeof UPLOAD_LIMITS]][]) {
      expect(uploadTooLarge(kind, { size: limit.maxBytes })).toBeNull();
      expect(uploadTooLarge(kind, { size: limit.maxBytes + 1 })).toBe(limit.tooLarge);
    }
  });
});
