/** The part of oidc-provider (which ships no types) that the portal and the tests' stand-in provider use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    getOIDCScope(): string;
    getOIDCClaims(): string[];
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  interface InteractionDetails {
    uid: string;
    iat: number;
    grantId?: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    session?: { accountId?: string };
  }

  /** An interaction as stored: what the portal's screens read and answer by its uid. */
  interface Interaction extends InteractionDetails {
    exp: number;
    returnTo: string;
    lastSubmission?: Record<string, unknown>;
    result?: Record<string, unknown>;
    save(ttlSeconds: number): Promise<string>;
  }

  interface ProviderClient {
    clientId: string;
    backchannelLogoutUri?: string;
    backchannelLogout(sub: string, sid: string): Promise<void>;
    [metadata: string]: unknown;
  }

  interface ProviderSession {
    jti: string;
    accountId?: string;
    sidFor(clientId: string): string;
    grantIdFor(clientId: string): string | undefined;
  }

  /** The Koa context oidc-provider hands to its hooks, with the part of `oidc` the portal reads. */
  export interface KoaContextWithOIDC {
    req: IncomingMessage;
    res: ServerResponse;
    status: number;
    type: string;
    body: unknown;
    set(name: string, value: string): void;
    response: { get(name: string): string };
    oidc: {
      provider: Provider;
      requestParamOIDCScopes: Set<string>;
      requestParamClaims: Set<string>;
      route?: string;
      params?: Record<string, unknown>;
      client?: ProviderClient;
      session?: ProviderSession;
      result?: { login?: unknown; consent?: unknown };
      entities: Record<string, unknown>;
    };
  }

  interface ModelStatic<T> {
    find(id: string): Promise<T | undefined>;
    adapter: { destroy(id: string): Promise<void>; revokeByGrantId(grantId: string): Promise<void> };
  }

  export class Check {
    constructor(reason: string, description: string, error: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
  }

  interface Prompt {
    name: string;
    checks: Check[] & { add(check: Check, index?: number): void };
  }

  export const interactionPolicy: {
    Check: typeof Check;
    base(): Prompt[] & { get(name: string): Prompt | undefined };
  };

  export const errors: Record<string, new (...args: unknown[]) => Error>;

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: never[]) => void): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    Grant: (new (properties: { accountId: string; clientId: string }) => Grant) & ModelStatic<Grant>;
    Client: { find(id: string): Promise<ProviderClient | undefined> };
    Interaction: ModelStatic<Interaction>;
    Session: ModelStatic<ProviderSession>;
  }
}
