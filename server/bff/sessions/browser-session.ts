import { randomBytes } from 'node:crypto';

/** Where a destroyed session is dropped from the store. */
export interface SessionStorage {
  destroy(sessionId: string): Promise<void>;
}

/** The request a session belongs to: a destroyed session leaves it holding none. */
export interface SessionHolder {
  session: unknown;
}

/** 24 random bytes: the id is the store's key and, signed, the cookie's value. */
const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * The session of one request: its data are the object's own fields (what routes read and
 * assign), its bookkeeping is private, so `JSON.stringify(session)` is exactly what is stored.
 *
 * Whether a request changed its session is told by comparing that JSON with the JSON it was
 * loaded from: the store hands over both, so an unchanged read costs one stringify, with no
 * hashing and no second signature of the cookie.
 */
export class BrowserSession {
  #id: string | undefined;
  /** The JSON the session was loaded from (or `{}` for a new one): a save is due when it differs. */
  #storedJson: string;
  /** The signed cookie this session was loaded from; undefined for a new or regenerated session. */
  #cookieValue: string | undefined;
  readonly #storage: SessionStorage;
  // The request, not a callback: tsx wraps every closure made per request in a naming helper.
  readonly #holder: SessionHolder;

  private constructor(
    storage: SessionStorage,
    holder: SessionHolder,
    id: string | undefined,
    storedJson: string,
    cookieValue: string | undefined,
  ) {
    this.#storage = storage;
    this.#holder = holder;
    this.#id = id;
    this.#storedJson = storedJson;
    this.#cookieValue = cookieValue;
  }

  /** A session no browser holds yet; its id is drawn only when something asks for it or it is saved. */
  static fresh(storage: SessionStorage, holder: SessionHolder): BrowserSession {
    return new BrowserSession(storage, holder, undefined, '{}', undefined);
  }

  /** The stored session a browser's cookie named, its fields as stored (in the stored order). */
  static restore(
    storage: SessionStorage,
    holder: SessionHolder,
    stored: { sessionId: string; cookieValue: string; json: string; data: object },
  ): BrowserSession {
    const session = new BrowserSession(storage, holder, stored.sessionId, stored.json, stored.cookieValue);
    return Object.assign(session, stored.data);
  }

  get sessionId(): string {
    return (this.#id ??= newSessionId());
  }

  /** The cookie value the browser sent for this session, when it was loaded from one. */
  get cookieValue(): string | undefined {
    return this.#cookieValue;
  }

  /** The JSON to store when the request changed the session, else undefined. */
  changedJson(): string | undefined {
    const json = JSON.stringify(this);
    return json === this.#storedJson ? undefined : json;
  }

  /** Stored as `json`: later changes are measured from there. */
  saved(json: string): void {
    this.#storedJson = json;
  }

  /**
   * Drops the stored session and goes on, empty, under a new id (never the id the browser
   * arrived with): what is assigned afterwards is saved under the new id with the reply.
   */
  async regenerate(): Promise<void> {
    if (this.#cookieValue !== undefined || this.#id !== undefined) await this.#storage.destroy(this.sessionId);
    for (const key of Object.keys(this)) delete (this as Record<string, unknown>)[key];
    this.#id = newSessionId();
    this.#storedJson = '{}';
    this.#cookieValue = undefined;
  }

  /** Removes the session from the store; the request then holds none. */
  async destroy(): Promise<void> {
    await this.#storage.destroy(this.sessionId);
    this.#holder.session = null;
  }
}
