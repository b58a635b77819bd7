import t from 'tap';
import { request } from 'undici';
import { buildBff, createClient, startStack, validRegistration } from '../../helper.ts';
import { rawExchange } from '../../helpers/raw-http.ts';
import { startSiteverify } from '../../helpers/siteverify.ts';

/**
 * What a request cannot choose: the captcha provider is the host's, and a request too slow to
 * arrive is cut off.
 */

t.test('captcha provider is chosen by the host never by the request', async (t) => {
  /*
   * With only reCAPTCHA configured, a request that names the Chinese site's language (body `lang`
   * or `?lang=`) used to select Turnstile, which had no keys, so the forms let it through without
   * any captcha. The provider follows the host alone, and a host whose provider has no keys while
   * the other has refuses.
   */

  async function googleOnly(t: Parameters<typeof startStack>[0]) {
    const google = await startSiteverify(t, 'google-secret');
    const stack = await startStack(t, {
      env: {
        RECAPTCHA_SITE_KEY: 'google-site',
        RECAPTCHA_SECRET_KEY: 'google-secret',
        RECAPTCHA_VERIFY_URL: google.url,
        CHINESE_HOSTS: 'member.example.cn',
        REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    return { stack, google, browser: createClient(stack.bffUrl) };
  }

  /** fetch cannot name another Host; undici's request can, as a browser on the Chinese site's host would. */
  async function postOnChineseHost(bffUrl: string, path: string, body: unknown): Promise<{ code?: string }> {
    const res = await request(new URL(path, bffUrl), {
      method: 'POST',
      headers: { host: 'member.example.cn', 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
    return (await res.body.json()) as { code?: string };
  }

  const exists = async (browser: ReturnType<typeof createClient>, email: string) =>
    (await browser.post('/api/Member/IsExist', { email })).body.data.isExist;

  t.test('the language a request names cannot switch the captcha off', async (t) => {
    const { browser } = await googleOnly(t);
    const attempts: Array<[string, string, Record<string, unknown>]> = [
      ['/api/Member/Register', '', validRegistration('body-lang@example.com', { lang: 'zh-cn' })],
      ['/api/Member/Register', '?lang=zh-cn', validRegistration('query-lang@example.com')],
      ['/api/Member/ForgotPwd', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
      ['/api/Member/Reactivate', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
      ['/api/Member/ResendResetPwdMail', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
    ];
    for (const [path, query, body] of attempts) {
      const res = await browser.post(`${path}${query}`, body, { headers: { 'accept-language': 'zh-CN' } });
      t.equal(res.body.code, 'Form_ReCaptcha_Invalid', `${path}${query}: ${res.text}`);
    }
    t.equal(await exists(browser, 'body-lang@example.com'), false);
    t.equal(await exists(browser, 'query-lang@example.com'), false);
    const config = await browser.get('/api/info/PortalConfig?lang=zh-cn');
    t.same(config.body.data.captcha, { type: 1, siteKey: 'google-site' }, 'the zh-cn page shows the captcha that is checked');
  });

  t.test('on the Chinese host, whose provider has no keys while Google has, the forms refuse', async (t) => {
    const { stack, browser, google } = await googleOnly(t);
    const withGoogleAnswer = validRegistration('cn-host@example.com', { captchaVerify: { reCaptchaType: 1, token: google.issue() } });
    t.equal((await postOnChineseHost(stack.bffUrl, '/api/Member/Register', withGoogleAnswer)).code, 'Form_ReCaptcha_Invalid');
    const without = validRegistration('cn-host2@example.com');
    t.equal((await postOnChineseHost(stack.bffUrl, '/api/Member/Register', without)).code, 'Form_ReCaptcha_Invalid');
    t.equal(await exists(browser, 'cn-host@example.com'), false);
    t.equal(await exists(browser, 'cn-host2@example.com'), false);
  });

  t.test('a solved captcha still passes where its provider is the host’s', async (t) => {
    const { browser, google } = await googleOnly(t);
    const res = await browser.post(
      '/api/Member/Register?lang=zh-cn',
      validRegistration('solved@example.com', { lang: 'zh-cn', captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
    );
    t.equal(res.body.code, 'ok', res.text);
  });
});

t.test('slow requests are cut off', async (t) => {
  // A client that sends its body one byte every few seconds holds a connection (and whatever
  // the server set aside for the request) for as long as it likes. The whole request, body
  // included, has a deadline (REQUEST_TIMEOUT_MS, short here); past it the connection is
  // answered 408 and closed.
  const { app, config } = await buildBff(t, { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1500' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const BODY = JSON.stringify({ userId: 'slow@example.com', password: 'Lovelace1815x' }).padEnd(60, ' ');
  const HEAD =
    'POST /api/Member/Login HTTP/1.1\r\nHost: portal.example\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n' +
    `Content-Length: ${BODY.length}\r\n\r\n`;

  t.test('ten bodies sent a byte at a time are all cut off before they finish', async (t) => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => rawExchange(url, HEAD, { trickle: BODY, everyMs: 300 })));
    for (const [index, reply] of replies.entries()) {
      t.equal(reply.status, 408, `connection ${index + 1}: 408 Request Timeout`);
      t.ok(
        reply.bytesSent < HEAD.length + BODY.length,
        `connection ${index + 1}: closed with ${reply.bytesSent - HEAD.length} of ${BODY.length} body bytes sent`,
      );
      t.same(JSON.parse(reply.body), { isSuccess: false, code: 'servererror' }, 'the reply envelope');
    }
    const normal = await fetch(`${url}/api/Member/IsLogin`);
    t.equal(normal.status, 200, 'other visitors are served meanwhile');
  });

  t.test('the configured deadlines are the server’s', async (t) => {
    t.equal(app.server.requestTimeout, config.requestTimeoutMs);
    t.equal(app.server.headersTimeout, config.headersTimeoutMs);
    t.equal(app.server.keepAliveTimeout, config.keepAliveTimeoutMs);
  });
});
