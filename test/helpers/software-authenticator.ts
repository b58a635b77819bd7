import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A platform authenticator in software for API tests: one ES256 passkey per instance, answering
 * the portal's registration and sign-in options as a browser would hand them over (JSON,
 * base64url), with user presence and verification. `counter` false keeps the signature counter
 * at 0, as many real passkeys do.
 */
export class SoftwareAuthenticator {
  credentialId = randomBytes(16).toString('base64url');
  private privateKey: KeyObject;
  private publicJwk: { x: string; y: string };
  private signCount = 0;
  /** The user handle the portal gave at registration (base64url); assertions carry it back. */
  userHandle = Buffer.from('user').toString('base64url');

  constructor(
    private readonly origin: string,
    private readonly options: { counter?: boolean; userVerified?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** The same passkey (id and key) answering from another origin or without verifying the user. */
  variant(changes: { origin?: string; userVerified?: boolean }): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(changes.origin ?? this.origin, { ...this.options, ...changes });
    copy.credentialId = this.credentialId;
    copy.privateKey = this.privateKey;
    copy.publicJwk = this.publicJwk;
    copy.userHandle = this.userHandle;
    return copy;
  }

  /** A copy of the passkey as it is now, counter included: a cloned authenticator. */
  clone(): SoftwareAuthenticator {
    const copy = this.variant({});
    copy.signCount = this.signCount;
    return copy;
  }

  /** Another key that presents `credentialId` as its own (a forgery). */
  claiming(credentialId: string): SoftwareAuthenticator {
    this.credentialId = credentialId;
    return this;
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(rpId: string, attested: Buffer | undefined): Buffer {
    if (this.options.counter !== false) this.signCount += 1;
    const flags = 0x01 | (this.options.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  /** The response to RegisterOptions' data. */
  register(options: { challenge: string; rp: { id: string }; user?: { id: string } }) {
    if (options.user) this.userHandle = options.user.id;
    const id = Buffer.from(this.credentialId, 'base64url');
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(isoCBOR.encode(coseKey))]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authData(options.rp.id, attested))],
      ]) as never,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The response to LoginOptions' data. */
  assert(options: { challenge: string; rpId: string }) {
    const authenticatorData = this.authData(options.rpId, undefined);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = createSign('sha256')
      .update(Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]))
      .sign(this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
