// RFC 6238 TOTP with node:crypto (SHA-1, 30 s steps, 6 digits, ±1 step), and the base32
// secrets authenticator apps read from an otpauth:// URI. Small enough that a library buys nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off still works. */
export const TOTP_WINDOW = 1;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226 recommends the HMAC-SHA-1 output size), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 4226 HOTP: HMAC-SHA-1 over the 8-byte counter, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_STEP_SECONDS);

export const totpAt = (key: Buffer, unixSeconds: number, digits = TOTP_DIGITS) =>
  hotp(key, totpStep(unixSeconds), digits);

/**
 * The step (now ±TOTP_WINDOW) whose code is `code`, or null. Every candidate is computed and compared
 * in constant time, so timing does not tell which step matched; the latest matching step wins.
 */
export function matchTotp(secret: string, code: string, unixSeconds = Date.now() / 1000): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(unixSeconds);
  let found: number | null = null;
  for (let step = Math.max(0, now - TOTP_WINDOW); step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) found = step;
  }
  return found;
}

/** The otpauth:// URI authenticator apps read from the QR code (Key URI Format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
