// RSA keys that sign access tokens and shopper redirect tokens, stored encrypted in PostgreSQL so
// every api process signs and verifies with the same keys. A key signs for `rotateAfterMs`, then a
// newer one takes over; the old one keeps verifying until tokens it signed have all expired.
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/connection';
import { decrypt, encrypt } from '../../platform/secrets';

export type KeyPurpose = 'access-token' | 'redirect';
type SigningKey = Awaited<ReturnType<typeof importJWK>>;

interface LoadedKey {
  kid: string;
  purpose: KeyPurpose;
  createdAt: number;
  privateKey: SigningKey;
  publicKey: SigningKey;
  publicJwk: JWK;
}

export const algorithm = 'RS256';
const dayMs = 24 * 3600 * 1000;

export class KeyRing {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;

  constructor(
    private readonly sql: Sql,
    private readonly encryptionKey: Buffer,
    private readonly rotateAfterMs = 30 * dayMs,
    private readonly refreshEveryMs = 5 * 60 * 1000,
  ) {}

  /** The key to sign with now, creating or rotating one when due. */
  async signingKey(purpose: KeyPurpose): Promise<LoadedKey> {
    await this.refreshIfStale();
    const newest = this.newest(purpose);
    if (newest && Date.now() - newest.createdAt < this.rotateAfterMs) return newest;
    await this.create(purpose);
    await this.reload();
    const created = this.newest(purpose);
    if (!created) throw new Error(`no ${purpose} signing key after creating one`);
    return created;
  }

  /** A key to verify a token's `kid` with; reloads once in case another process just rotated. */
  async verificationKey(purpose: KeyPurpose, kid: string): Promise<SigningKey | undefined> {
    const find = () => this.keys.find((key) => key.kid === kid && key.purpose === purpose)?.publicKey;
    const known = find();
    if (known) return known;
    if (Date.now() - this.loadedAt > 1000) await this.reload();
    return find();
  }

  /** Whether the ring holds this key now: a key retired or past its time is gone at the next reload. */
  holds(purpose: KeyPurpose, kid: string): boolean {
    return this.keys.some((key) => key.kid === kid && key.purpose === purpose);
  }

  async publicJwks(purpose: KeyPurpose): Promise<JWK[]> {
    await this.signingKey(purpose);
    return this.keys.filter((key) => key.purpose === purpose).map((key) => key.publicJwk);
  }

  private newest(purpose: KeyPurpose): LoadedKey | undefined {
    return this.keys.filter((key) => key.purpose === purpose).sort((a, b) => b.createdAt - a.createdAt)[0];
  }

  private async refreshIfStale(): Promise<void> {
    if (Date.now() - this.loadedAt > this.refreshEveryMs) await this.reload();
  }

  private async create(purpose: KeyPurpose): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair(algorithm, { modulusLength: 2048, extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: algorithm, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: algorithm };
    await this.sql`
      insert into signing_keys (kid, purpose, private_jwk_encrypted, public_jwk)
      values (${kid}, ${purpose}, ${encrypt(this.encryptionKey, JSON.stringify(privateJwk))}, ${this.sql.json(publicJwk)})`;
  }

  private async reload(): Promise<void> {
    // Keep keys long enough to verify what they signed: their signing period plus a safety margin.
    const rows = await this.sql<
      { kid: string; purpose: KeyPurpose; private_jwk_encrypted: string; public_jwk: JWK; created_at: Date }[]
    >`
      select kid, purpose, private_jwk_encrypted, public_jwk, created_at
      from signing_keys
      where retired_at is null and created_at > now() - make_interval(secs => ${(this.rotateAfterMs + 2 * dayMs) / 1000})`;
    const keys: LoadedKey[] = [];
    for (const row of rows) {
      const existing = this.keys.find((key) => key.kid === row.kid);
      if (existing) {
        keys.push(existing);
        continue;
      }
      const privateJwk: JWK = JSON.parse(decrypt(this.encryptionKey, row.private_jwk_encrypted));
      keys.push({
        kid: row.kid,
        purpose: row.purpose,
        createdAt: row.created_at.getTime(),
        privateKey: await importJWK(privateJwk, algorithm),
        publicKey: await importJWK(row.public_jwk, algorithm),
        publicJwk: row.public_jwk,
      });
    }
    this.keys = keys;
    this.loadedAt = Date.now();
  }
}
