/** The portal session that ends (its id, as the session store knows it). */
export interface EndedSessionInfo {
  sessionId: string;
}

export type SendBackchannelLogout = (session: EndedSessionInfo) => Promise<void>;

/** Sites without a portal provider: nothing was ever signed in through it. */
export const noBackchannelLogout: SendBackchannelLogout = async () => undefined;
