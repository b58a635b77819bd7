import t from 'tap';
import {
  activationButton,
  activationOutcome,
  errorPagePath,
  isPortalPath,
  passFromLink,
} from '../../client/pages/activate-member/activation-outcome.ts';

t.test('a successful activation goes to the accepted return URL, and login keeps it', async (t) => {
  const outcome = activationOutcome(
    { isSuccess: true, code: 'ok', data: { returnUrl: 'https://shop.example.com/a?b=1', pass: 'rma', socialType: 0 } },
    'ja-jp',
    'opaque-id',
  );
  t.same(outcome, {
    kind: 'activated',
    destination: 'https://shop.example.com/a?b=1',
    loginPath: '/ja-jp/login?callbackurl=https%3A%2F%2Fshop.example.com%2Fa%3Fb%3D1&pass=rma',
    returnUrl: 'https://shop.example.com/a?b=1',
  });
});

t.test('without a return URL the redirect page is next, and the link pass is kept', async (t) => {
  t.same(activationOutcome({ isSuccess: true, code: 'ok', data: { socialType: 0 } }, 'en', 'id', 'iotmart-ana'), {
    kind: 'activated',
    destination: '/en/redirect-page',
    loginPath: '/en/login?pass=iotmart-ana',
    returnUrl: '',
  });
  t.same(activationOutcome({ isSuccess: true, code: 'ok' }, 'es-es', 'id'), {
    kind: 'activated',
    destination: '/es-es/redirect-page',
    loginPath: '/es-es/login',
    returnUrl: '',
  });
});

t.test('Activated and refusals go to the error page with the user id', async (t) => {
  t.same(activationOutcome({ isSuccess: false, code: 'Activated' }, 'en', 'a b&c'), {
    kind: 'failed',
    errorPath: '/en/error?userId=a+b%26c&error=activated',
  });
  t.same(activationOutcome({ isSuccess: false, code: 'unauthorized' }, 'zh-tw', 'x'), {
    kind: 'failed',
    errorPath: '/zh-tw/error?userId=x&error=unauthorized',
  });
  t.same(activationOutcome({ isSuccess: false, code: 'FormValidateFail' }, 'en', 'x'), {
    kind: 'failed',
    errorPath: '/en/error?userId=x&error=unauthorized',
  });
  t.equal(errorPagePath('ko-kr', '', 'unauthorized'), '/ko-kr/error?userId=&error=unauthorized');
});

t.test("the link's '-' means no pass", async (t) => {
  t.equal(passFromLink('-'), '');
  t.equal(passFromLink(undefined), '');
  t.equal(passFromLink('RMA'), 'rma');
});

t.test('only same-origin paths count as portal paths', async (t) => {
  t.ok(isPortalPath('/en/redirect-page'));
  t.notOk(isPortalPath('//evil.example.com/'));
  t.notOk(isPortalPath('/\\evil.example.com/'));
  t.notOk(isPortalPath('https://shop.example.com/'));
  t.notOk(isPortalPath('/oidc/interaction/abc'), "a company site's sign-in under way is the server's, a full navigation");
});

t.test(
  'the button says where it goes: the waiting company site (through sign-in), else My account when signed in, else sign-in',
  async (t) => {
    const toShop = {
      destination: 'https://shop.example.com/a',
      loginPath: '/en/login?callbackurl=x',
      returnUrl: 'https://shop.example.com/a',
    };
    t.same(activationButton(toShop, 'Shop', true, 'en'), {
      label: 'activation.activate.continueTo',
      site: 'Shop',
      to: '/en/login?callbackurl=x',
    });
    t.same(
      activationButton(toShop, null, false, 'en'),
      { label: 'activation.activate.continueTo', site: 'shop.example.com', to: '/en/login?callbackurl=x' },
      'a site without a configured name is named by its host',
    );
    const noSite = { destination: '/ko-kr/redirect-page', loginPath: '/ko-kr/login', returnUrl: '' };
    t.same(activationButton(noSite, undefined, true, 'ko-kr'), { label: 'activation.activate.goToMyAccount', to: '/ko-kr/my-account' });
    t.same(activationButton(noSite, undefined, false, 'ko-kr'), { label: 'activation.activate.goToLogin', to: '/ko-kr/login' });
  },
);
