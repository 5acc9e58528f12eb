import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { signV1Notification, v1NotificationDigest, verifyV1Notification } from './v1-notification-signature';

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const deployment = keyPair();
const other = keyPair();
const body = JSON.stringify({
  id: '0f0c4f5e-8a55-4c1b-9d0c-0c7f5a0b1c2d',
  partner: 'sandbox-card',
  method: 'creditcard',
  status: { action: 'AUTHORIZE', state: 'SUCCESS', code: 'SUCCEEDED' },
  plugin_result: { amount: 25.99, currency_code: 'EUR', status: 'APPROVED' },
});

/** RSA public operation written out with BigInt, as a plugin's "public key as private key" decrypt does. */
function rawPublicOperation(publicKeyPem: string, signature: Buffer): Buffer {
  const jwk = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  const n = BigInt(`0x${Buffer.from(String(jwk.n), 'base64url').toString('hex')}`);
  const e = BigInt(`0x${Buffer.from(String(jwk.e), 'base64url').toString('hex')}`);
  let base = BigInt(`0x${signature.toString('hex')}`) % n;
  let exponent = e;
  let result = 1n;
  while (exponent > 0n) {
    if (exponent & 1n) result = (result * base) % n;
    base = (base * base) % n;
    exponent >>= 1n;
  }
  const size = Buffer.from(String(jwk.n), 'base64url').length;
  return Buffer.from(result.toString(16).padStart(size * 2, '0'), 'hex');
}

const pkcs1 = (forge as unknown as { pkcs1: { decode_rsa_oaep(key: unknown, em: string, options: unknown): string } })
  .pkcs1;

describe('v1 notification signature', () => {
  it('signs the hex SHA-256 of the raw body', () => {
    expect(v1NotificationDigest(body)).toBe(createHash('sha256').update(body).digest('hex'));
    expect(v1NotificationDigest(body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a signature verifies with the public key', () => {
    const signature = signV1Notification(deployment.privateKeyPem, body);
    expect(Buffer.from(signature, 'base64')).toHaveLength(256);
    expect(verifyV1Notification(deployment.publicKeyPem, body, signature)).toBe(true);
    expect(verifyV1Notification(deployment.publicKeyPem, Buffer.from(body), signature)).toBe(true);
  });

  it('OAEP makes every signature different, and each verifies', () => {
    const first = signV1Notification(deployment.privateKeyPem, body);
    const second = signV1Notification(deployment.privateKeyPem, body);
    expect(first).not.toBe(second);
    expect(verifyV1Notification(deployment.publicKeyPem, body, second)).toBe(true);
  });

  it('a changed body does not verify', () => {
    const signature = signV1Notification(deployment.privateKeyPem, body);
    expect(verifyV1Notification(deployment.publicKeyPem, body.replace('25.99', '25.98'), signature)).toBe(false);
    expect(verifyV1Notification(deployment.publicKeyPem, `${body} `, signature)).toBe(false);
  });

  it('another key does not verify', () => {
    const signature = signV1Notification(other.privateKeyPem, body);
    expect(verifyV1Notification(deployment.publicKeyPem, body, signature)).toBe(false);
  });

  it('malformed signatures are false, not exceptions', () => {
    const signature = signV1Notification(deployment.privateKeyPem, body);
    const flipped = Buffer.from(signature, 'base64');
    flipped[100] = (flipped[100] ?? 0) ^ 0x01;
    expect(verifyV1Notification(deployment.publicKeyPem, body, flipped.toString('base64'))).toBe(false);
    expect(verifyV1Notification(deployment.publicKeyPem, body, '')).toBe(false);
    expect(verifyV1Notification(deployment.publicKeyPem, body, 'not base64 at all!')).toBe(false);
    expect(verifyV1Notification(deployment.publicKeyPem, body, signature.slice(0, 40))).toBe(false);
    expect(verifyV1Notification('not a key', body, signature)).toBe(false);
  });

  it('verifies as a plugin would: raw public operation, then OAEP SHA-1 decode, then compare with the digest', () => {
    const signature = Buffer.from(signV1Notification(deployment.privateKeyPem, body), 'base64');
    const encoded = rawPublicOperation(deployment.publicKeyPem, signature);
    // OAEP encodings start with a zero byte.
    expect(encoded[0]).toBe(0);
    const forgeKey = forge.pki.publicKeyFromPem(deployment.publicKeyPem);
    const sha1 = () => ({ md: forge.md.sha1.create(), mgf1: { md: forge.md.sha1.create() } });
    expect(pkcs1.decode_rsa_oaep(forgeKey, encoded.toString('binary'), sha1())).toBe(v1NotificationDigest(body));
    // The parameters matter: the same bytes do not decode as OAEP with SHA-256.
    const sha256 = { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } };
    expect(() => pkcs1.decode_rsa_oaep(forgeKey, encoded.toString('binary'), sha256)).toThrow();
  });

  it('accepts a PKCS#1 private key too', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(privatePem).toContain('BEGIN RSA PRIVATE KEY');
    expect(verifyV1Notification(publicPem, body, signV1Notification(privatePem, body))).toBe(true);
  });
});
