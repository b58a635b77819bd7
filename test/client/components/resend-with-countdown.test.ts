import t from 'tap';
import { createElement } from 'react';
import { installDom } from './dom.ts';

// The resend button of the verification and password mails (client/ui/resend-with-countdown.tsx),
// rendered in happy-dom: what the browser tests saw only through Chromium.
await installDom(t);
const { render, screen, waitFor, cleanup, fireEvent } = await import('@testing-library/react');
const { ResendWithCountdown } = await import('../../../client/ui/resend-with-countdown.tsx');
t.afterEach(() => cleanup());

/** Waits until `condition` holds (React updates on timers and promises); tap's assertions follow. */
const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );

const props = (send: () => Promise<boolean>, endsAt: number) => ({
  send,
  endsAt,
  seconds: 2,
  look: 'button' as const,
  label: 'activation.verify.resend',
  waitingText: 'activation.resendIn',
  readyText: 'activation.resendReady',
});

t.test('disabled with the seconds left while the countdown runs, usable and announced at 0, counting again after a send', async (t) => {
  let sends = 0;
  const send = async () => {
    sends += 1;
    return true;
  };
  render(createElement(ResendWithCountdown, props(send, Date.now() + 1_200)));
  const button = screen.getByRole('button', { name: 'Resend' });
  t.ok(button.hasAttribute('disabled'), 'disabled while counting');
  t.match(screen.getByText(/You can resend the e-mail in \d s\./).textContent, /in [12] s/, 'the seconds left are shown');
  t.equal(button.getAttribute('aria-describedby'), screen.getByText(/in \d s/).id, 'the button is described by the countdown');
  t.equal(screen.getByRole('status').textContent, '', 'nothing announced yet');

  await until(() => !button.hasAttribute('disabled'));
  t.pass('usable once the countdown reaches 0');
  t.equal(screen.getByRole('status').textContent, 'You can resend the e-mail now.', 'the moment it can be used is announced');

  fireEvent.click(button);
  await until(() => sends === 1 && screen.getByRole('button', { name: 'Resend' }).hasAttribute('disabled'));
  t.equal(sends, 1, 'one send');
  t.pass('counting again after the send');
  t.match(screen.getByText(/You can resend the e-mail in \d s\./).textContent, /in 2 s/);
});

t.test('a send that did not go out does not start another wait', async (t) => {
  let sends = 0;
  render(
    createElement(
      ResendWithCountdown,
      props(async () => {
        sends += 1;
        return false;
      }, 0),
    ),
  );
  const button = screen.getByRole('button', { name: 'Resend' });
  t.notOk(button.hasAttribute('disabled'), 'usable at once when the wait is over');
  fireEvent.click(button);
  await until(
    () =>
      sends === 1 &&
      !screen.getByRole('button', { name: 'Resend' }).hasAttribute('disabled') &&
      !screen.getByRole('button', { name: 'Resend' }).hasAttribute('aria-busy'),
  );
  t.equal(sends, 1, 'one send');
  t.equal(screen.queryByText(/You can resend the e-mail in/), null, 'no countdown');
  t.equal(screen.getByRole('status').textContent, 'You can resend the e-mail now.');
});
