/**
 * Mixed traffic from virtual users, each a browser of its own with a member of its own, every
 * request going to the next portal instance in turn (a round-robin load balancer): profile reads
 * and saves, sign-ins, registrations, sign-in code sends and now and then a wrong password. A
 * reply other than the one a working portal gives counts as an error.
 */
import { performance } from 'node:perf_hooks';
import { validRegistration } from '../../test/helper.ts';
import { Browser, type Reply } from './browser.ts';
import type { LoadCluster } from './cluster.ts';
import { newAddress, type Member } from './members.ts';
import { RouteStats } from './stats.ts';

const MIX = [
  ['profile read', 40],
  ['profile save', 15],
  ['sign-in', 12],
  ['registration', 10],
  ['code send', 10],
  ['wrong password', 3],
] as const;
type Action = (typeof MIX)[number][0];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function pick(): Action {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [action, weight] of MIX) if ((roll -= weight) < 0) return action;
  return MIX[0][0];
}

const EDITABLE = [
  'firstName',
  'lastName',
  'companyName',
  'country',
  'state',
  'telCountryCode',
  'telAreacode',
  'telNo',
  'telExt',
  'mobileCountryCode',
  'mobile',
] as const;
const FIRST_NAMES = ['Ada', 'Augusta', 'Annabella'];

export interface TrafficResult {
  stats: RouteStats;
  /** Addresses whose registration was answered ok. */
  registered: string[];
  seconds: number;
}

interface Request {
  route: string;
  send(portal: string): Promise<Reply>;
  expect: string;
}

export async function driveTraffic(options: {
  cluster: LoadCluster;
  members: Member[];
  seconds: number;
  /** Called once, `warmupSeconds` into the run, without pausing the traffic. */
  warmupSeconds: number;
  onWarm(): Promise<void>;
}): Promise<TrafficResult> {
  const { cluster, members, seconds } = options;
  const stats = new RouteStats();
  const registered: string[] = [];
  const portals = cluster.portals.map((portal) => portal.url);
  let turn = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  async function timed(request: Request): Promise<Reply | undefined> {
    const portal = portals[turn++ % portals.length]!;
    const begin = performance.now();
    try {
      const reply = await request.send(portal);
      const ok = reply.code === request.expect;
      stats.record(
        request.route,
        performance.now() - begin,
        ok ? undefined : [reply.status, reply.code || '(no envelope)', ...reply.fields].join(' '),
      );
      return ok ? reply : undefined;
    } catch (error) {
      stats.record(request.route, performance.now() - begin, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  async function virtualUser(member: Member): Promise<void> {
    const browser = new Browser();
    let signedIn = false;
    let profile: Record<string, unknown> | undefined;
    let saves = 0;
    while (performance.now() < deadline) {
      let action = pick();
      // A wrong password is always followed by the right one, so the member's count of wrong
      // passwords starts again before it nears the lock.
      if (!signedIn || (action === 'profile save' && !profile)) action = signedIn ? 'profile read' : 'sign-in';
      switch (action) {
        case 'sign-in':
          signedIn =
            (await timed({
              route: 'POST /api/Member/Login',
              send: (portal) => browser.call(portal, 'POST', '/api/Member/Login', { userId: member.email, password: member.password }),
              expect: 'ok',
            })) !== undefined;
          break;
        case 'wrong password':
          await timed({
            route: 'POST /api/Member/Login (wrong password)',
            send: (portal) => browser.call(portal, 'POST', '/api/Member/Login', { userId: member.email, password: 'Wrong-password-1' }),
            expect: 'AccountOrPwdFail',
          });
          signedIn = false;
          break;
        case 'profile read': {
          const reply = await timed({
            route: 'GET /api/Member',
            send: (portal) => browser.call(portal, 'GET', '/api/Member'),
            expect: 'ok',
          });
          if (reply) profile = reply.data as Record<string, unknown>;
          break;
        }
        case 'profile save': {
          const body: Record<string, unknown> = Object.fromEntries(EDITABLE.map((field) => [field, profile![field] ?? '']));
          body.firstName = FIRST_NAMES[++saves % FIRST_NAMES.length];
          // My profile asks for at least one of each.
          body.businessApplicationAreas = ['energy.ev-charging'];
          body.inProducts = ['networking'];
          await timed({
            route: 'PUT /api/member',
            send: (portal) => browser.call(portal, 'PUT', '/api/member', body),
            expect: 'ok',
          });
          break;
        }
        case 'code send':
          await timed({
            route: 'POST /api/Member/SendOtpCode',
            send: (portal) =>
              browser.call(portal, 'POST', '/api/Member/SendOtpCode', { userId: member.email, otpVerifyType: 1, lang: 'en' }),
            expect: 'ok',
          });
          break;
        case 'registration': {
          const email = newAddress('load');
          const reply = await timed({
            route: 'POST /api/Member/Register',
            send: (portal) => new Browser().call(portal, 'POST', '/api/Member/Register', validRegistration(email)),
            expect: 'ok',
          });
          if (reply) registered.push(email);
          break;
        }
      }
    }
  }

  const warm = (async () => {
    await new Promise((resolve) => setTimeout(resolve, options.warmupSeconds * 1000));
    await options.onWarm();
  })();
  await Promise.all([...members.map(virtualUser), warm]);
  return { stats, registered, seconds: (performance.now() - started) / 1000 };
}
