/** Personal data at rest: AES-256-GCM with keys derived from HSA_DATA_KEY, and an HMAC blind index for SSNs. */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface DataProtection {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A keyed hash of an SSN: equal SSNs give equal indexes, and the index reveals nothing without the key. */
  ssnIndex(ssnDigits: string): string;
  /** A secret for signing cookies, derived so it differs from the encryption keys. */
  cookieSecret: string;
  captchaSecret: string;
  /** A keyed hash for one purpose (each purpose has its own derived key): session ids and captcha grants are kept
   *  only as hashes, and the member roster and membership verifications are compared as hashes, never in clear. */
  keyedHash(purpose: HashPurpose, value: string): string;
  /** Identity documents, under a key of their own, encrypted as they stream in. */
  documents: DocumentSealing;
}

export interface DocumentSealing {
  /** Seals a file as it arrives, in place: `capacity` is the most plaintext it may take (past it, write throws).
   *  `context` (the enrollment) is authenticated: a sealed file moved to another enrollment does not open. */
  sealer(context: string, capacity: number): { write(chunk: Buffer): void; seal(): Buffer };
  open(sealed: Buffer, context: string): Buffer;
}

// A sealed document: version byte, 12-byte IV, ciphertext, 16-byte GCM tag.
const DOCUMENT_V1 = 1;

function documentSealing(key: Buffer): DocumentSealing {
  return {
    sealer(context, capacity) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      // One buffer for the whole sealed file, written as each chunk is encrypted: no list of parts joined at the end,
      // so a 10 MB file is held once (pages past what is written are never touched).
      const sealed = Buffer.alloc(1 + 12 + capacity + 16);
      sealed[0] = DOCUMENT_V1;
      iv.copy(sealed, 1);
      let end = 13;
      const put = (ciphertext: Buffer) => {
        if (end + ciphertext.length > sealed.length - 16) throw new RangeError('More than the sealer was sized for');
        end += ciphertext.copy(sealed, end);
      };
      return {
        write: (chunk) => put(cipher.update(chunk)),
        seal: () => {
          put(cipher.final());
          end += cipher.getAuthTag().copy(sealed, end);
          return sealed.subarray(0, end);
        },
      };
    },
    open(sealed, context) {
      if (sealed[0] !== DOCUMENT_V1 || sealed.length < 29) throw new Error('Unknown document encryption version');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      return Buffer.concat([decipher.update(sealed.subarray(13, sealed.length - 16)), decipher.final()]);
    },
  };
}

export type HashPurpose = 'session' | 'captcha-grant' | 'member' | 'member-verification' | 'member-index';

const derive = (master: Buffer, label: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32));

export function dataProtection(master: Buffer): DataProtection {
  const encKey = derive(master, 'hsa/enrollment-encryption/v1');
  const indexKey = derive(master, 'hsa/ssn-index/v1');
  const hashKeys = new Map<HashPurpose, Buffer>();
  const hashKey = (purpose: HashPurpose) => hashKeys.get(purpose) ?? hashKeys.set(purpose, derive(master, `hsa/${purpose}/v1`)).get(purpose)!;
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1') throw new Error('Unknown encryption version');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    ssnIndex: (ssnDigits) => createHmac('sha256', indexKey).update(ssnDigits).digest('base64url'),
    cookieSecret: derive(master, 'hsa/cookies/v1').toString('base64'),
    captchaSecret: derive(master, 'hsa/captcha/v1').toString('base64'),
    keyedHash: (purpose, value) => createHmac('sha256', hashKey(purpose)).update(value).digest('base64url'),
    documents: documentSealing(derive(master, 'hsa/document-encryption/v1')),
  };
}
