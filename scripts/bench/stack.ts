/**
 * The portal as it runs in production, for measuring: the client built (into a directory of its
 * own), the reference member service and the portal in processes of their own, with rate
 * limits out of the way, and one active member signed in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVICE_COOKIE } from '../../server/bff/sessions/known-devices.ts';
import { buildClient, type ClientOutputs } from '../build-client.ts';
import { createActiveMember, createClient, freePort, type Stack } from '../../test/helper.ts';
import { startService, type Service } from './processes.ts';

const UNLIMITED = '1000000000';

export interface BenchStack {
  dir: string;
  client: ClientOutputs;
  memberService: Service;
  portal: Service;
  serviceKey: string;
  passwordEncodingKey: string;
  member: { email: string; password: string };
  /** The Cookie header of a signed-in browser. */
  cookie: string;
  /** The portal's Prometheus listener (loopback). */
  metricsUrl: string;
  /** The portal's inspector (loopback), for a full garbage collection before its memory is read. */
  portalInspectorPort: number;
  /** The Cookie header of that browser once signed out: its device is known, so signing in again sends no new-device mail. */
  returningCookie: string;
}

export async function startBenchStack(options: { profileDir?: string } = {}): Promise<BenchStack> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const client = await buildClient(path.join(dir, 'client'));
  const serviceKey = randomBytes(24).toString('hex');
  const passwordEncodingKey = randomBytes(32).toString('hex');
  const [memberPort, portalPort, portalInspectorPort, metricsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  // CPU profiles of both services, written when they stop (file names carry the process id).
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];

  const memberService = await startService({
    name: 'member-service',
    script: 'server/member-service/main.ts',
    url: `http://127.0.0.1:${memberPort}`,
    logDir: dir,
    nodeArgs: profile,
    env: {
      MEMBER_SERVICE_HOST: '127.0.0.1',
      MEMBER_SERVICE_PORT: String(memberPort),
      DATA_DIR: path.join(dir, 'data'),
      SERVICE_KEY: serviceKey,
      PASSWORD_ENCODING_KEY: passwordEncodingKey,
      PUBLIC_ORIGIN: portalUrl,
      JOB_POLL_SECONDS: '1',
      MEMBER_SERVICE_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const portal = await startPortal(
    { dir, memberService: { url: `http://127.0.0.1:${memberPort}` }, serviceKey, passwordEncodingKey },
    { name: 'portal', port: portalPort, metricsPort, nodeArgs: [...profile, `--inspect=127.0.0.1:${portalInspectorPort}`] },
  );
  const member = await createActiveMember({ bffUrl: portalUrl, dataDir: path.join(dir, 'data') } as Stack);
  const { cookie, returningCookie } = await signedInBrowser(portalUrl, member);

  return {
    dir,
    client,
    memberService,
    portal,
    portalInspectorPort,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    serviceKey,
    passwordEncodingKey,
    member,
    cookie,
    returningCookie,
  };
}

/** What a portal process shares with the stack's: the member service, its keys and the built client. */
type PortalSetting = Pick<BenchStack, 'dir' | 'serviceKey' | 'passwordEncodingKey'> & { memberService: Pick<Service, 'url'> };

/**
 * Starts a portal process in front of the stack's member service, with its own port, data
 * directory and (in-process) sessions.
 */
export async function startPortal(
  setting: PortalSetting,
  options: { name: string; port?: number; metricsPort?: number; nodeArgs?: string[] },
): Promise<Service> {
  const port = options.port ?? (await freePort());
  const metricsPort = options.metricsPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  return startService({
    name: options.name,
    script: 'server/start.ts',
    url,
    logDir: setting.dir,
    nodeArgs: options.nodeArgs ?? [],
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      DATA_DIR: path.join(setting.dir, `${options.name}-data`),
      UPSTREAM_URL: setting.memberService.url,
      UPSTREAM_SERVICE_KEY: setting.serviceKey,
      PASSWORD_ENCODING_KEY: setting.passwordEncodingKey,
      CLIENT_DIR: path.join(setting.dir, 'client'),
      RATE_LIMIT_PER_MINUTE: UNLIMITED,
      LOGIN_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      REGISTER_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
}

/** Signs the member in at a portal: the Cookie header of that browser, and of the same browser once signed out. */
export async function signedInBrowser(
  portalUrl: string,
  member: BenchStack['member'],
): Promise<Pick<BenchStack, 'cookie' | 'returningCookie'>> {
  const browser = createClient(portalUrl);
  const signedIn = await browser.post('/api/Member/Login', { userId: member.email, password: member.password });
  if (signedIn.body?.code !== 'ok') throw new Error(`sign-in failed: ${signedIn.text}`);
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const device = browser.cookies.get(DEVICE_COOKIE);
  if (!device) throw new Error('the sign-in set no device cookie');
  return { cookie, returningCookie: `${DEVICE_COOKIE}=${device}` };
}

/** Stops both services; their directory (build, data, logs) stays only when `keep` is set. */
export async function stopBenchStack(stack: BenchStack, keep = false): Promise<void> {
  await stack.portal.stop();
  await stack.memberService.stop();
  if (!keep) await rm(stack.dir, { recursive: true, force: true });
}
