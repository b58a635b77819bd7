import t from 'tap';
import { createElement } from 'react';
import { installDom } from './dom.ts';

// The consent screen (client/pages/site-consent/) in happy-dom against a stand-in for the
// portal's API: what the site receives is said in words, and only the member's click answers.
await installDom(t, 'http://localhost:3000/en/site-consent/question-1');
const { render, screen, waitFor, cleanup, fireEvent } = await import('@testing-library/react');
const { SWRConfig } = await import('swr');
const { Router, Route } = await import('wouter');
const { memoryLocation } = await import('wouter/memory-location');
const { default: SiteConsentPage } = await import('../../../client/pages/site-consent/site-consent-page.tsx');
t.afterEach(() => cleanup());

interface Call {
  method: string;
  path: string;
  body?: unknown;
}
const calls: Call[] = [];
let question: { status: number; body: unknown };
let continueTo = 'http://localhost:3000/oidc/auth/question-1';
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
  const reply = method === 'GET' ? question : { status: 200, body: { isSuccess: true, code: 'ok', data: { continueTo } } };
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

const assigned: string[] = [];
Object.defineProperty(window.location, 'assign', { configurable: true, value: (to: string) => void assigned.push(to) });

const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );

function show() {
  calls.length = 0;
  assigned.length = 0;
  render(
    createElement(
      SWRConfig,
      { value: { provider: () => new Map(), dedupingInterval: 0 } },
      createElement(Router, {
        hook: memoryLocation({ path: '/site-consent/question-1', static: true }).hook,
        children: createElement(Route, { path: '/site-consent/:uid' }, createElement(SiteConsentPage)),
      }),
    ),
  );
}

t.test('names the site and what it receives in words; Allow answers allow: true and goes on', async (t) => {
  question = { status: 200, body: { isSuccess: true, code: 'ok', data: { site: 'Partner Shop', items: ['email', 'offline_access'] } } };
  show();
  await until(() => screen.queryByRole('heading', { level: 1 })?.textContent === 'Allow Partner Shop to use your member account?');
  const items = screen.getByRole('list', { name: 'What Partner Shop receives' });
  t.same(
    [...items.querySelectorAll('li')].map((li) => li.textContent),
    [
      'Your e-mail address and whether it is verified',
      'Staying signed in: the site keeps your sign-in while you are away, until you remove it',
    ],
  );
  t.notOk(document.body.textContent?.includes('offline_access'), 'never a scope name');
  t.same(calls, [{ method: 'GET', path: '/api/Member/SiteConsent/question-1' }], 'nothing answered by showing it');

  fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await until(() => assigned.length === 1);
  t.same(calls.at(-1), { method: 'POST', path: '/api/Member/SiteConsent/question-1', body: { allow: true } });
  t.same(assigned, [continueTo], 'on into the sign-in, back to the site');
});

t.test('Cancel answers allow: false', async (t) => {
  question = { status: 200, body: { isSuccess: true, code: 'ok', data: { site: 'Partner Shop', items: [] } } };
  show();
  await until(() => screen.queryByRole('button', { name: 'Cancel' }) !== null);
  t.match(document.body.textContent, 'It receives only an identifier for your account.');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await until(() => assigned.length === 1);
  t.same(calls.at(-1)?.body, { allow: false });
});

t.test('a reply naming another origin is never followed', async (t) => {
  question = { status: 200, body: { isSuccess: true, code: 'ok', data: { site: 'Partner Shop', items: ['email'] } } };
  continueTo = 'https://elsewhere.example/steal';
  show();
  await until(() => screen.queryByRole('button', { name: 'Allow' }) !== null);
  fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await until(() => screen.queryByRole('heading', { name: 'This request is no longer open' }) !== null);
  t.same(assigned, []);
  continueTo = 'http://localhost:3000/oidc/auth/question-1';
});

t.test('a question that is gone says so, with the way to My account', async (t) => {
  question = { status: 404, body: { isSuccess: false, code: 'NotFound' } };
  show();
  await until(() => screen.queryByRole('heading', { name: 'This request is no longer open' }) !== null);
  t.ok(screen.getByRole('link', { name: 'Go to My account' }));
  t.equal(screen.queryByRole('button', { name: 'Allow' }), null);
});
