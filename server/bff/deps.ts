import type { Clock } from '../common/clock.ts';
import type { BffConfig } from './config.ts';
import type { CallbackPolicy } from './callback-url.ts';
import type { CaptchaGate } from './captcha/captcha-gate.ts';
import type { CountryDirectory } from './country-directory.ts';
import type { SessionEnder } from './sessions/end-sessions.ts';
import type { SignInService } from './sign-in/sign-in-service.ts';
import type { KnownDevices } from './sessions/known-devices.ts';
import type { TicketSites } from './sign-in/ticket-sites.ts';
import type { KeyValueStore } from './store/key-value-store.ts';
import type { Upstream } from './upstream.ts';

/** What route groups need, handed to each as plugin options. */
export interface RouteDeps {
  config: BffConfig;
  upstream: Upstream;
  callbackPolicy: CallbackPolicy;
  captcha: CaptchaGate;
  countries: CountryDirectory;
  clock: Clock;
  /** Shared counters (per-address limits); in-process or Redis. */
  store: KeyValueStore;
  /** Where sign-in tickets were sent, for site keys bound to one site. */
  ticketSites: TicketSites;
  /** Where every way in ends: lock, session, ticket, device, event, metrics, log line. */
  signIn: SignInService;
  /** Where every way a session ends goes through. */
  sessions: SessionEnder;
  /** Browsers each member has signed in from (the device cookie). */
  knownDevices: KnownDevices;
}
