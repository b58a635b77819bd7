/**
 * The relying party of every WebAuthn ceremony: the portal's public origin, and its host name
 * as the RP id. Browsers refuse an IP address as RP id, so an origin such as
 * http://127.0.0.1:3000 cannot offer passkeys (use a host name, e.g. http://localhost:3000).
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin);
  return { id: url.hostname, origin: url.origin, name: url.hostname };
}
