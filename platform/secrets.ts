// Encryption at rest and credential hashing. AES-256-GCM gives integrity as well as secrecy:
// a tampered ciphertext fails to decrypt instead of yielding garbage.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const version = 'v1';

export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    version,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== version || !iv || !tag || body === undefined) throw new Error('unrecognised ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * A hash keyed with the platform key, for values a database reader must not be able to confirm by
 * hashing guesses (a partner's token has the partner's format, not ours). `purpose` keeps the
 * hashes of one use apart from another's.
 */
export function keyedHash(key: Buffer, purpose: string, value: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\0${value}`, 'utf8').digest();
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random credential with a readable prefix telling what kind of secret it is (sk_, pk_, ...). */
export function randomCredential(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
