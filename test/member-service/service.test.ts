import t from 'tap';
import { isChina, isJapan, isKorea, isTurkey, requiresState, STATE_REQUIRED_COUNTRIES } from '../../shared/rules/countries.ts';
import { LANGUAGE_CODES, LANGUAGES } from '../../shared/languages.ts';
import { type CountryRecord, type OptionRecord } from '../../shared/schemas/info.ts';
import { startMemberService } from './service.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';
import { Writable } from 'node:stream';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { MemberStatus } from '../../shared/enums.ts';
import { BackgroundTasks } from '../../server/member-service/background.ts';
import { buildMemberService } from '../../server/member-service/app.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { freePort } from '../helper.ts';
import { newMemberRow } from '../helpers/member-rows.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { startSignInService } from './sign-in-fixtures.ts';
import { readFileSync } from 'node:fs';
import { README, readmeWithTable, unmatchedNotes } from '../../scripts/calls-table.ts';

t.test('information routes', async (t) => {
  t.test('countries', async (t) => {
    const service = await startMemberService(t);
    const english = (await service.call<CountryRecord[]>('GET', '/api/info/V2/Countries/false')).body.data!;
    const chinese = (await service.call<CountryRecord[]>('GET', '/api/info/V2/Countries/true')).body.data!;
    t.ok(english.length > 240, 'the whole world');
    t.equal(chinese.length, english.length);
    const byName = new Map(english.map((c) => [c.name, c]));

    t.ok(english.some((c) => isChina(c.name)) && english.some((c) => isJapan(c.name)), 'China and Japan by the shared helpers');
    t.ok(
      english.some((c) => isKorea(c.name)),
      'South Korea by the shared helper',
    );
    t.ok(
      english.some((c) => isTurkey(c.name)),
      'Turkey by the shared helper',
    );
    t.notOk(
      english.some((c) => c.name.toLowerCase().includes('korea') && c.code === 'KP' && isKorea(c.name)),
      'North Korea is not Korea',
    );
    for (const name of STATE_REQUIRED_COUNTRIES) {
      const country = english.find((c) => c.name.toLowerCase() === name);
      t.ok(country && country.states.length > 0, `${name} exists and has states`);
    }
    t.ok(
      english.filter((c) => c.states.length > 0).every((c) => requiresState(c.name)),
      'only those six have states',
    );
    t.ok(byName.get('United States')!.states.includes('California'));
    t.ok(byName.get('Japan')!.states.some((s) => s.startsWith('Tokyo')));
    t.match(byName.get('United States'), { code: 'US', phoneCode: '1', region: 'North America', label: 'United States' });
    t.match(byName.get('Germany'), { phoneCode: '49', region: 'Europe' });
    t.match(byName.get('Taiwan'), { phoneCode: '886', region: 'Asia' });
    t.same([...new Set(english.map((c) => c.region))].sort(), [
      'Africa',
      'Antarctica',
      'Asia',
      'Europe',
      'North America',
      'Oceania',
      'South America',
    ]);

    const sorted = [...english].sort((a, b) => a.label.localeCompare(b.label, 'en'));
    t.same(
      english.map((c) => c.code),
      sorted.map((c) => c.code),
      'sorted by label',
    );
    const chinaZh = chinese.find((c) => c.code === 'CN')!;
    t.match(chinaZh, { name: 'China', label: '中国' }, 'the name stays English, the label is Simplified Chinese');
    t.ok(
      chinese.every((c) => /[\u4e00-\u9fff]/.test(c.label)),
      'every label is in Chinese',
    );

    const bad = await service.call('GET', '/api/info/V2/Countries/maybe');
    t.same([bad.status, bad.body.code], [400, 'FormValidateFail']);
  });

  const SCRIPTS: Partial<Record<string, RegExp>> = {
    'zh-tw': /[\u4e00-\u9fff]/,
    'zh-cn': /[\u4e00-\u9fff]/,
    'ja-jp': /[\u3040-\u30ff\u4e00-\u9fff]/,
    'ko-kr': /[\uac00-\ud7af]/,
  };

  function flatten(options: OptionRecord[]): OptionRecord[] {
    return options.flatMap((o) => [o, ...flatten(o.childOptions ?? [])]);
  }

  t.test('option trees in every language', async (t) => {
    const service = await startMemberService(t);
    for (const category of [0, 1]) {
      const trees = new Map<string, OptionRecord[]>();
      for (const lang of LANGUAGES) {
        const reply = await service.call<OptionRecord[]>('GET', `/api/info/option/${category}/${LANGUAGE_CODES[lang]}`);
        trees.set(lang, reply.body.data!);
      }
      const english = flatten(trees.get('en')!);
      t.ok(english.length >= 30, `category ${category} is a real taxonomy`);
      t.ok(trees.get('en')!.filter((o) => o.childOptions?.length).length >= 6, 'with two levels');
      t.equal(new Set(english.map((o) => o.value)).size, english.length, 'values are unique');
      t.ok(
        english.every((o) => /^[a-z0-9.-]+$/.test(o.value)),
        'values are stable identifiers',
      );
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const translated = flatten(trees.get(lang)!);
        t.same(
          translated.map((o) => o.value),
          english.map((o) => o.value),
          `${lang}: the same values`,
        );
        const script = SCRIPTS[lang];
        if (script)
          t.same(
            translated.filter((o) => !script.test(o.text)),
            [],
            `${lang}: every text is written in the language`,
          );
        t.ok(
          translated.every((o) => o.text.trim() !== ''),
          `${lang}: no empty text`,
        );
      }
      const traditional = flatten(trees.get('zh-tw')!);
      const simplified = flatten(trees.get('zh-cn')!);
      t.ok(
        traditional.filter((o, i) => o.text !== simplified[i]!.text).length > english.length * 0.5,
        'Traditional and Simplified Chinese differ',
      );
      const spanish = flatten(trees.get('es-es')!);
      t.ok(spanish.filter((o, i) => o.text !== english[i]!.text).length > english.length * 0.8, 'Spanish differs from English');
    }
    const products = (await service.call<OptionRecord[]>('GET', '/api/info/option/1/2')).body.data!;
    t.match(
      products.find((o) => o.value === 'edge-ai'),
      { text: 'エッジAI' },
    );
    for (const url of ['/api/info/option/2/0', '/api/info/option/0/6', '/api/info/option/x/0']) {
      t.equal((await service.call('GET', url)).status, 400, url);
    }
  });
});

t.test('configuration', async (t) => {
  async function tempDir(t: { teardown(fn: () => unknown): void }) {
    const dir = await mkdtemp(join(tmpdir(), 'member-config-test-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  t.test('defaults, with keys created once under DATA_DIR', async (t) => {
    const dir = await tempDir(t);
    const config = loadMemberServiceConfig({ DATA_DIR: dir });
    t.match(config, {
      host: '127.0.0.1',
      port: 4000,
      dataDir: dir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'no-reply@corp.example',
      publicOrigin: 'http://localhost:3000',
      companyDomains: ['corp.example'],
      tokenTtlSeconds: 28800,
      logLevel: 'info',
    });
    t.match(config.serviceKey, /^[0-9a-f]{64}$/);
    t.match(config.passwordEncodingKey, /^[0-9a-f]{64}$/);
    t.match(config.crmHashKey, /^[0-9a-f]{64}$/);
    t.equal((await readFile(join(dir, 'secrets', 'service-key'), 'utf8')).trim(), config.serviceKey);
    const again = loadMemberServiceConfig({ DATA_DIR: dir });
    t.equal(again.serviceKey, config.serviceKey, 'the same keys on the next start');
    t.equal(again.passwordEncodingKey, config.passwordEncodingKey);
    t.equal(again.crmHashKey, config.crmHashKey);
  });

  t.test('every variable is read', async (t) => {
    const dir = await tempDir(t);
    const config = loadMemberServiceConfig({
      MEMBER_SERVICE_HOST: '0.0.0.0',
      MEMBER_SERVICE_PORT: '4100',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u:p@db.example:5432/members',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      PUBLIC_ORIGIN: 'https://members.example/',
      SERVICE_KEY: 'k'.repeat(32),
      PASSWORD_ENCODING_KEY: 'ab'.repeat(32),
      CRM_HASH_KEY: 'c'.repeat(32),
      COMPANY_DOMAINS: ' Corp.Example , group.example,',
      MEMBER_TOKEN_TTL_SECONDS: '3600',
      JOB_POLL_SECONDS: '30',
      LOG_LEVEL: 'warn',
      SMS_PER_NUMBER_PER_HOUR: '3',
      VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: '4',
      DELIVERY_RETRY_SECONDS: '20',
      DELIVERY_POLL_SECONDS: '2',
      DELIVERY_GIVE_UP_HOURS: '24',
      MAIL_QUEUE_MAX_AGE_SECONDS: '600',
      MEMBER_SERVICE_METRICS_PORT: '9500',
      MEMBER_SERVICE_METRICS_HOST: '0.0.0.0',
      PASSWORD_HASH_COST: 'test-only',
      SMTP_ALLOW_PLAINTEXT: 'true',
    });
    t.same(config, {
      host: '0.0.0.0',
      port: 4100,
      dataDir: dir,
      databaseUrl: 'postgres://u:p@db.example:5432/members',
      smtpUrl: 'smtps://u:p@mail.example:465',
      smtpAllowPlaintext: true,
      mailFrom: 'Portal <portal@example.com>',
      publicOrigin: 'https://members.example',
      serviceKey: 'k'.repeat(32),
      passwordEncodingKey: 'ab'.repeat(32),
      crmHashKey: 'c'.repeat(32),
      companyDomains: ['corp.example', 'group.example'],
      tokenTtlSeconds: 3600,
      jobPollSeconds: 30,
      logLevel: 'warn',
      smsPerNumberPerHour: 3,
      verificationMailPerAddressPerHour: 4,
      deliveryRetrySeconds: 20,
      deliveryPollSeconds: 2,
      deliveryGiveUpHours: 24,
      mailQueueMaxAgeSeconds: 600,
      metrics: { host: '0.0.0.0', port: 9500 },
      passwordHashCost: 'test-only',
    });
  });

  t.test('a bad value names its variable', async (t) => {
    const dir = await tempDir(t);
    const bad: Record<string, string> = {
      MEMBER_SERVICE_PORT: 'eighty',
      DATABASE_URL: 'mysql://db',
      SMTP_URL: 'http://mail',
      PUBLIC_ORIGIN: 'localhost:3000',
      SERVICE_KEY: 'short',
      PASSWORD_ENCODING_KEY: 'not-hex',
      CRM_HASH_KEY: 'too short',
      COMPANY_DOMAINS: 'corp.example; evil',
      MEMBER_TOKEN_TTL_SECONDS: '-5',
      LOG_LEVEL: 'loud',
      SMS_PER_NUMBER_PER_HOUR: '0',
      VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: 'many',
      DELIVERY_RETRY_SECONDS: '0',
      DELIVERY_POLL_SECONDS: '1.5',
      DELIVERY_GIVE_UP_HOURS: 'forever',
    };
    for (const [name, value] of Object.entries(bad)) {
      t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, [name]: value }), new RegExp(`^Invalid ${name}:`), name);
    }
    t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, MEMBER_SERVICE_PORT: '70000' }), /^Invalid MEMBER_SERVICE_PORT/);
    t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, MEMBER_TOKEN_TTL_SECONDS: '10' }), /^Invalid MEMBER_TOKEN_TTL_SECONDS/);
  });
});

t.test('work after the reply', async (t) => {
  /** The sign-in codes stored for the member, read straight from the SQLite file. */
  function codeCount(dataDir: string, memberId: number): number {
    const db = new SqliteDatabase(join(dataDir, 'members.sqlite'), { readonly: true });
    try {
      return (db.prepare('select count(*) as n from otp_codes where member_id = ?').get(memberId) as { n: number }).n;
    } finally {
      db.close();
    }
  }

  t.test('the code mail is prepared after the reply has gone, and app.background.drain() waits for it', async (t) => {
    const service = await startSignInService(t);
    const ada = await service.activeMember('ada@example.com');
    await service.app.background.drain();

    const reply = await service.call('POST', '/api/Member/SendOtpCode', { body: { userId: 'ada@example.com', otpVerifyType: 1 } });
    t.same(reply.body, { isSuccess: true, code: 'ok', data: { showSendCode: true } });
    t.equal(codeCount(service.dataDir, ada.id), 0, 'when the reply arrives, no code has been made yet');
    await service.app.background.drain();
    t.equal(codeCount(service.dataDir, ada.id), 1, 'drain() returns once the work is done');
    t.match((await readOutbox(service.dataDir)).at(-1), { to: 'ada@example.com', text: /\b\d{6}\b/ }, 'and the mail is out');
  });

  t.test('a code mail the mail server refuses is logged and stays queued for its retries, not lost', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'member-service-test-'));
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // Mail to an SMTP port nobody listens on: every mail fails.
    const config = {
      ...loadMemberServiceConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    };
    const app = await buildMemberService(config, { logger: { level: 'info', stream } });
    t.teardown(async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const store = await openMemberStore({ dataDir });
    t.teardown(() => store.close());
    const now = Date.now();
    await store.members.register({
      consents: [],
      member: newMemberRow('ada@example.com', {
        public_id: 'public-id-of-ada-0001',
        password_hash: null,
        status: MemberStatus.Active,
        first_name: 'Ada',
        last_name: 'Lovelace',
        created_at: now,
        updated_at: now,
        password_changed_at: now,
      }),
    });

    const reply = await app.inject({
      method: 'POST',
      url: '/api/Member/SendOtpCode',
      headers: { 'x-service-key': config.serviceKey },
      payload: { userId: 'ada@example.com', otpVerifyType: 1 },
    });
    t.equal(reply.json().code, 'ok', 'the reply does not wait for the mail');
    await app.background.drain();
    const failure = lines.find((line) => line.msg === 'message not delivered; trying again later');
    t.match(
      failure,
      { level: 40, kind: 'sign-in-code', attempts: 1, err: { message: String } },
      'a warning names the message and its attempt',
    );
    const db = new SqliteDatabase(join(dataDir, 'members.sqlite'), { readonly: true });
    t.teardown(() => db.close());
    t.match(
      db.prepare('select kind, state, attempts from outgoing_messages').all(),
      [{ kind: 'sign-in-code', state: 'queued', attempts: 1 }],
      'still queued',
    );
  });

  t.test('a failure of background work is logged with the name of the work', async (t) => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const background = new BackgroundTasks(pino({ level: 'info' }, stream));
    background.run('counting sheep', async () => {
      throw new Error('fell asleep');
    });
    await background.drain();
    t.match(lines, [{ level: 50, task: 'counting sheep', msg: 'counting sheep failed', err: { message: 'fell asleep' } }]);
  });
});

t.test('README calls table', async (t) => {
  /**
   * The member service README's "Calls" table is the one generated from the contract: every call
   * appears with the fields its schemas have, and nothing hand-written can name a call that is not
   * there. `npx tsx scripts/calls-table.ts` rewrites it.
   */
  t.test('every call has its note and every note its call', async (t) => {
    t.same(unmatchedNotes(), { calls: [], notes: [] });
  });

  t.test('the README holds the table as generated', async (t) => {
    const readme = readFileSync(README, 'utf8');
    t.equal(readme, await readmeWithTable(readme), 'run `npx tsx scripts/calls-table.ts`');
  });
});
