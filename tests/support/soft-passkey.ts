import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software, for tests that run without a browser: it answers the server's WebAuthn
 * options the way an authenticator does (a P-256 key, "none" attestation, user verified), so
 * @simplewebauthn/server checks real signatures. The browser tests use Chromium's own virtual
 * authenticator instead; `privateKeyPkcs8` lets one be handed this very passkey.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;
  /** The account id the server gave at registration (the user handle). */
  userHandle: string | null = null;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
  }

  get id() {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  get privateKeyPkcs8(): string {
    return this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  }

  private get rpId() {
    return new URL(this.origin).hostname;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Flags: user present and verified (UP, UV), plus attested credential data (AT) when registering. */
  private authData(flags: number, extra: Buffer = Buffer.alloc(0)) {
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, extra]);
  }

  /** The COSE public key, base64url, as the server stores it. */
  cosePublicKey(): string {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoBase64URL.fromBuffer(isoCBOR.encode(cose));
  }

  /** The browser's answer to registration options (POST /api/account/passkeys/options). */
  register(options: { challenge: string; user: { id: string } }, { origin = this.origin, userVerified = true } = {}) {
    this.userHandle = isoUint8Array.toUTF8String(isoBase64URL.toBuffer(options.user.id));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoBase64URL.toBuffer(this.cosePublicKey())),
    ]);
    const authData = this.authData(0x01 | (userVerified ? 0x04 : 0) | 0x40, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's answer to sign-in options (POST /api/auth/passkey/options): a signature over the challenge. */
  authenticate(options: { challenge: string }, { origin = this.origin, userVerified = true } = {}) {
    this.counter += 1;
    const authData = this.authData(0x01 | (userVerified ? 0x04 : 0));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        userHandle: this.userHandle ? isoBase64URL.fromUTF8String(this.userHandle) : undefined,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
