/**
 * The `X-Signature` of API v1 notifications (the ActionResult JSON POSTed to a session's `hook`),
 * as the existing v1 plugins verify it:
 *
 *   signature = base64( RSA_private( OAEP_encode( hex(SHA-256(raw body)) ) ) )
 *   OAEP: SHA-1, MGF1-SHA1, empty label; key: the deployment's RSA key pair (db/notification-key.ts).
 *
 * The plugins load the published public key "as a private key" and OAEP-*decrypt* the signature,
 * i.e. they run the RSA public operation and then OAEP-decode; {@link verifyV1Notification} does
 * exactly that, so the docs and tests can show what a plugin accepts. (This is not a standard
 * signature scheme, and OAEP's random seed makes every signature of one body different; it is kept
 * because merchants' installed plugins check it this way.)
 *
 *   signV1Notification(privateKeyPem, rawBody)              → string (base64)
 *   verifyV1Notification(publicKeyPem, rawBody, signature)  → boolean
 *
 * OAEP encoding and decoding come from node-forge's pkcs1 module; the raw RSA operations are
 * Node's crypto with RSA_NO_PADDING. Sign the exact bytes that are sent: re-serializing the JSON
 * after signing would break the signature.
 */
import {
  constants,
  createHash,
  createPublicKey,
  privateEncrypt,
  publicDecrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';

export const v1SignatureHeader = 'x-signature';

interface OaepOptions {
  md: forge.md.MessageDigest;
  mgf1: { md: forge.md.MessageDigest };
  label?: string;
}
interface ForgeOaep {
  encode_rsa_oaep(key: forge.pki.rsa.PublicKey, message: string, options: OaepOptions): string;
  decode_rsa_oaep(key: forge.pki.rsa.PublicKey, em: string, options: OaepOptions): string;
}

// @types/node-forge does not declare the pkcs1 module although node-forge ships and exports it.
const pkcs1 = (forge as unknown as { pkcs1?: ForgeOaep }).pkcs1;
if (!pkcs1 || typeof pkcs1.encode_rsa_oaep !== 'function' || typeof pkcs1.decode_rsa_oaep !== 'function') {
  throw new Error('node-forge pkcs1 OAEP functions are missing');
}
const oaep = pkcs1;

// A fresh digest per call: forge digests are stateful objects.
const oaepOptions = (): OaepOptions => ({
  md: forge.md.sha1.create(),
  mgf1: { md: forge.md.sha1.create() },
  label: '',
});

/** What is signed: the lowercase hex SHA-256 of the raw body, as ASCII. */
export function v1NotificationDigest(rawBody: string | Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

function forgePublicKey(key: KeyObject): forge.pki.rsa.PublicKey {
  return forge.pki.publicKeyFromPem(key.export({ type: 'spki', format: 'pem' }).toString()) as forge.pki.rsa.PublicKey;
}

/** Base64 signature of `rawBody` with the deployment's private key (PKCS#8 or PKCS#1 PEM). */
export function signV1Notification(privateKeyPem: string, rawBody: string | Buffer): string {
  const publicKey = createPublicKey(privateKeyPem);
  const encoded = oaep.encode_rsa_oaep(forgePublicKey(publicKey), v1NotificationDigest(rawBody), oaepOptions());
  // The OAEP encoding starts with a zero byte, so it is below the modulus: a valid RSA input.
  const signature = privateEncrypt(
    { key: privateKeyPem, padding: constants.RSA_NO_PADDING },
    Buffer.from(encoded, 'binary'),
  );
  return signature.toString('base64');
}

/**
 * Whether `signature` (base64) is the deployment's signature of `rawBody`, checked the way the v1
 * plugins do. Any malformed input (bad base64, wrong length, not this key) is simply `false`.
 */
export function verifyV1Notification(publicKeyPem: string, rawBody: string | Buffer, signature: string): boolean {
  try {
    const publicKey = createPublicKey(publicKeyPem);
    const signatureBytes = Buffer.from(signature.trim(), 'base64');
    const encoded = publicDecrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, signatureBytes);
    const message = Buffer.from(
      oaep.decode_rsa_oaep(forgePublicKey(publicKey), encoded.toString('binary'), oaepOptions()),
      'binary',
    );
    const expected = Buffer.from(v1NotificationDigest(rawBody), 'ascii');
    return message.length === expected.length && timingSafeEqual(message, expected);
  } catch {
    // publicDecrypt refuses a signature of the wrong size; decode_rsa_oaep throws on a bad encoding.
    return false;
  }
}
