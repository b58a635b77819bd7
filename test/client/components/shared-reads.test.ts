import t from 'tap';
import { createElement as h } from 'react';
import { installDom } from './dom.ts';

/**
 * The reads the frame and the screens share (client/api/shared-reads.ts): the login state and
 * the member that the header, the guards and My account all show, read once however many ask.
 */
await installDom(t);
const { render, screen, waitFor, cleanup, act } = await import('@testing-library/react');
const { forgetSharedRead, rereadSharedRead, setSharedRead, useSharedRead } = await import('../../../client/api/shared-reads.ts');
t.afterEach(() => cleanup());

const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );

/** A loader that answers when told to, counting its calls. */
function loader() {
  const calls: Array<(value: string) => void> = [];
  const failures: Array<(error: Error) => void> = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      calls.push(resolve);
      failures.push(reject);
    });
  return { load, calls, failures };
}

function Reader({ id, path, load }: { id: string; path: string | null; load: (key: string) => Promise<string> }) {
  const { data, isLoading, error } = useSharedRead(path, load);
  return h('p', { 'data-testid': id }, error ? 'failed' : isLoading ? 'loading' : (data ?? 'nothing'));
}
const text = (id: string) => screen.getByTestId(id).textContent;

t.test('many readers of one path: one request, one answer for all', async (t) => {
  const { load, calls } = loader();
  render(h('div', null, h(Reader, { id: 'a', path: '/one', load }), h(Reader, { id: 'b', path: '/one', load })));
  t.equal(text('a'), 'loading', 'no answer yet');
  await until(() => calls.length === 1);
  await act(async () => calls[0]!('answer'));
  t.equal(text('a'), 'answer');
  t.equal(text('b'), 'answer');
  t.equal(calls.length, 1, 'asked once');

  render(h(Reader, { id: 'c', path: '/one', load }));
  t.equal(text('c'), 'answer', 'a reader that comes later gets the answer at once');
  t.equal(calls.length, 1, 'without asking again');
});

t.test('nothing asked with a null path', async (t) => {
  const { load, calls } = loader();
  render(h(Reader, { id: 'a', path: null, load }));
  t.equal(text('a'), 'nothing');
  t.equal(calls.length, 0);
});

t.test('an answer set by a reply replaces the shown one without a request; forgetting it reads again', async (t) => {
  const { load, calls } = loader();
  render(h(Reader, { id: 'a', path: '/two', load }));
  await until(() => calls.length === 1);
  await act(async () => calls[0]!('first'));
  await act(async () => setSharedRead('/two', 'from a reply'));
  t.equal(text('a'), 'from a reply');
  t.equal(calls.length, 1, 'no request for it');

  let refreshed = false;
  await act(async () => {
    void forgetSharedRead('/two').then(() => (refreshed = true));
  });
  t.equal(text('a'), 'loading', 'the dropped answer is not shown');
  await until(() => calls.length === 2);
  t.notOk(refreshed, 'not resolved before the new answer');
  await act(async () => calls[1]!('second'));
  await until(() => refreshed);
  t.equal(text('a'), 'second');
});

t.test('an answer that arrives after a newer one was set is dropped', async (t) => {
  const { load, calls } = loader();
  render(h(Reader, { id: 'a', path: '/three', load }));
  await until(() => calls.length === 1);
  await act(async () => setSharedRead('/three', 'signed out'));
  await act(async () => calls[0]!('stale'));
  t.equal(text('a'), 'signed out', 'the older request does not undo the newer answer');
});

t.test('a failed read is shown as such and tried again by the next reader', async (t) => {
  const { load, calls, failures } = loader();
  const first = render(h(Reader, { id: 'a', path: '/four', load }));
  await until(() => calls.length === 1);
  await act(async () => failures[0]!(new Error('network')));
  t.equal(text('a'), 'failed');
  first.unmount();
  render(h(Reader, { id: 'b', path: '/four', load }));
  await until(() => calls.length === 2);
  await act(async () => calls[1]!('recovered'));
  t.equal(text('b'), 'recovered');
});

t.test('forgetting a path nobody shows asks nothing until someone does', async (t) => {
  const { load, calls } = loader();
  setSharedRead('/five', 'known');
  await forgetSharedRead('/five');
  t.equal(calls.length, 0);
  render(h(Reader, { id: 'a', path: '/five', load }));
  await until(() => calls.length === 1);
  await act(async () => calls[0]!('read'));
  t.equal(text('a'), 'read');
});

t.test('an answer changed on the server stays on view while it is read again', async (t) => {
  const { load, calls } = loader();
  render(h(Reader, { id: 'a', path: '/six', load }));
  await until(() => calls.length === 1);
  await act(async () => calls[0]!('before'));
  let reread = false;
  await act(async () => {
    void rereadSharedRead('/six').then(() => (reread = true));
  });
  await until(() => calls.length === 2);
  t.equal(text('a'), 'before', 'no spinner in between: the screen keeps what it shows');
  await act(async () => calls[1]!('after'));
  await until(() => reread);
  t.equal(text('a'), 'after');
});
