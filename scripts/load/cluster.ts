/**
 * Two portal instances and two member-service instances, each in a process of its own on
 * loopback, sharing one throwaway Redis (sessions, lockout, limits) and one throwaway PostgreSQL
 * database (members), as several instances run behind a load balancer. Rate limits are out of
 * the way: one address sends all the traffic.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/helper.ts';
import { startPostgres, type PostgresServer } from '../../test/helpers/postgres.ts';
import { startRedis, type RedisServer } from '../../test/helpers/redis.ts';
import { startService, type Service } from '../bench/processes.ts';

const UNLIMITED = '1000000000';

export interface LoadCluster {
  dir: string;
  portals: Service[];
  memberServices: Service[];
  databaseUrl: string;
  /** Where both member services write mails (no SMTP): DATA_DIR/outbox. */
  mailDataDir: string;
  /** Stops everything; the directory (logs) stays when `keep` is set. */
  stop(keep: boolean): Promise<void>;
}

export async function startLoadCluster(instances = 2): Promise<LoadCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-load-'));
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async (keep: boolean) => {
    for (const fn of stops.reverse()) await fn().catch((error: unknown) => console.error(error));
    if (!keep) await rm(dir, { recursive: true, force: true });
  };
  try {
    const postgres: PostgresServer = await startPostgres();
    stops.push(() => postgres.stop());
    const redis: RedisServer = await startRedis();
    stops.push(() => redis.destroy());
    const databaseUrl = await postgres.createDatabase('members_load');

    const secrets = {
      serviceKey: randomBytes(24).toString('hex'),
      passwordEncodingKey: randomBytes(32).toString('hex'),
      sessionSecret: randomBytes(32).toString('hex'),
      crmHashKey: randomBytes(32).toString('hex'),
    };
    const portalPorts = await Promise.all(Array.from({ length: instances }, () => freePort()));
    // Behind a load balancer every instance has the same public origin.
    const publicOrigin = `http://127.0.0.1:${portalPorts[0]}`;
    const mailDataDir = path.join(dir, 'member-data');

    const memberServices: Service[] = [];
    // One after the other: the first runs the migrations.
    for (let i = 1; i <= instances; i += 1) {
      const port = await freePort();
      const service = await startService({
        name: `member-service-${i}`,
        script: 'server/member-service/main.ts',
        url: `http://127.0.0.1:${port}`,
        logDir: dir,
        env: {
          MEMBER_SERVICE_HOST: '127.0.0.1',
          MEMBER_SERVICE_PORT: String(port),
          DATA_DIR: mailDataDir,
          DATABASE_URL: databaseUrl,
          SERVICE_KEY: secrets.serviceKey,
          PASSWORD_ENCODING_KEY: secrets.passwordEncodingKey,
          CRM_HASH_KEY: secrets.crmHashKey,
          PUBLIC_ORIGIN: publicOrigin,
          SMS_PER_NUMBER_PER_HOUR: '999999',
          VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: '999999',
          MEMBER_SERVICE_METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
        },
      });
      stops.push(() => service.stop());
      memberServices.push(service);
    }

    const portals: Service[] = [];
    for (const [i, port] of portalPorts.entries()) {
      const portal = await startService({
        name: `portal-${i + 1}`,
        script: 'server/start.ts',
        url: `http://127.0.0.1:${port}`,
        logDir: dir,
        env: {
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_ORIGIN: publicOrigin,
          DATA_DIR: path.join(dir, `portal-${i + 1}-data`),
          // No client build: the load is on the API.
          CLIENT_DIR: path.join(dir, 'client'),
          UPSTREAM_URL: memberServices[i % memberServices.length]!.url,
          UPSTREAM_SERVICE_KEY: secrets.serviceKey,
          PASSWORD_ENCODING_KEY: secrets.passwordEncodingKey,
          SESSION_SECRET: secrets.sessionSecret,
          REDIS_URL: redis.url,
          RATE_LIMIT_PER_MINUTE: UNLIMITED,
          LOGIN_RATE_LIMIT_PER_MINUTE: UNLIMITED,
          REGISTER_RATE_LIMIT_PER_MINUTE: UNLIMITED,
          OTP_RATE_LIMIT_PER_MINUTE: UNLIMITED,
          LOGIN_FAILURES_PER_IP: UNLIMITED,
          EMAIL_CHECK_PER_ADDRESS_PER_HOUR: UNLIMITED,
          PASSWORD_MAIL_PER_ADDRESS_PER_HOUR: UNLIMITED,
          METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
        },
      });
      stops.push(() => portal.stop());
      portals.push(portal);
    }
    return { dir, portals, memberServices, databaseUrl, mailDataDir, stop };
  } catch (error) {
    console.error(`starting failed; logs in ${dir}`);
    await stop(true);
    throw error;
  }
}
