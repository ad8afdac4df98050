/**
 * Tokens at rest: AES-256-GCM under a key from configuration
 * (SOURCES_ENCRYPTION_KEYS). A sealed value is `<key id>.<iv>.<tag>.<data>`
 * (base64url parts), so after a rotation the old key, still listed, reads
 * the rows it sealed while the first key seals every new one. The key id is
 * bound as additional authenticated data: a value cannot be passed off as
 * sealed under another key.
 */
import crypto from 'node:crypto';

export interface SealingKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

const IV_BYTES = 12;

export class TokenCipher {
  readonly #sealWith: SealingKey;
  readonly #keys: Map<string, Buffer>;

  /** `keys[0]` seals; every key opens what it sealed. */
  constructor(keys: SealingKey[]) {
    if (keys.length === 0) throw new Error('TokenCipher needs at least one key');
    for (const { id, key } of keys) {
      if (key.length !== 32) throw new Error(`sealing key ${id} is not 32 bytes`);
    }
    this.#sealWith = keys[0]!;
    this.#keys = new Map(keys.map(({ id, key }) => [id, key]));
  }

  seal(plaintext: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#sealWith.key, iv);
    cipher.setAAD(Buffer.from(this.#sealWith.id));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [this.#sealWith.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Whether the value names the key that seals now (its first part is the key id). */
  sealsWith(sealed: string): boolean {
    return sealed.split('.')[0] === this.#sealWith.id;
  }

  /** Throws when the key is unknown or the value was altered. */
  open(sealed: string): string {
    const [keyId, iv, tag, data] = sealed.split('.');
    const key = keyId === undefined ? undefined : this.#keys.get(keyId);
    if (!key || iv === undefined || tag === undefined || data === undefined) throw new Error(`sealed with an unknown key (${keyId ?? 'none'})`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId!));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * A sealed value under the sealing key (keys[0]), or null when it is sealed
 * under it already: what a key rotation runs over every stored token.
 * Throws as `open` does.
 */
export function resealed(cipher: TokenCipher, sealed: string): string | null {
  if (cipher.sealsWith(sealed)) return null;
  return cipher.seal(cipher.open(sealed));
}

/** "id:base64key" entries, as SOURCES_ENCRYPTION_KEYS lists them. */
export function sealingKeysFrom(entries: string[]): SealingKey[] {
  return entries.map((entry) => {
    const separator = entry.indexOf(':');
    return { id: entry.slice(0, separator), key: Buffer.from(entry.slice(separator + 1), 'base64') };
  });
}
