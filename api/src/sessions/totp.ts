import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '@portal/shared/server';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps. */
const PERIOD_SECONDS = 30;
const PERIOD_MS = PERIOD_SECONDS * 1000;
/** One step either side forgives a phone clock a little off, or a code typed as it turned. */
const WINDOW = 1;

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The secret as a QR code of its otpauth:// URI, for the setup wizard: an SVG data URL. A PNG
 * (the library's default) costs its filter passes on every setup — in the API's tests a quarter
 * of a suite's time went there — where the SVG is a string of the modules, and scales sharply.
 */
export async function totpQrCode(secret: string, label: string): Promise<string> {
  const svg = await QRCode.toString(totp(secret, label).toString(), { type: 'svg', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step the code belongs to, or undefined when it is not a current code of the secret. */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? undefined : Math.floor(now.getTime() / PERIOD_MS) + delta;
}

/** The code of a secret at a moment: for tests, which play the authenticator app. */
export function totpCode(secret: string, at: Date): string {
  return totp(secret, '').generate({ timestamp: at.getTime() });
}
