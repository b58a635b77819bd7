import t from 'tap';
import { createActiveMember, signIn, startStack } from '../../helper.ts';

/**
 * ASVS 7.5.2: a member ends only their own sessions. Another member's session id, the raw
 * session id out of a cookie, and made-up ids are all NotFound, and end nothing.
 */
t.test("another member's session ids, cookie values and guesses are NotFound and end nothing", async (t) => {
  const stack = await startStack(t);
  const ada = await signIn(stack, await createActiveMember(stack));
  const bob = await signIn(stack, await createActiveMember(stack));
  const adaSession = (await ada.get('/api/Member/Sessions')).body.data[0];

  const cookie = decodeURIComponent(ada.cookies.get('portal-session') ?? '');
  const rawSessionId = cookie.slice(0, cookie.lastIndexOf('.'));
  const attempts = [adaSession.id, rawSessionId, cookie.replace(/[^A-Za-z0-9_-]/g, ''), 'A'.repeat(32)];
  for (const id of attempts) {
    const res = await bob.delete(`/api/Member/Sessions/${encodeURIComponent(id)}`);
    t.ok([400, 404].includes(res.status), `${id.slice(0, 12)}…: refused (${res.status})`);
    if (res.status === 404) t.equal(res.body.code, 'NotFound');
  }
  t.same((await ada.get('/api/Member/IsLogin')).body.data, { isLogin: true }, "Ada's session lives on");
  t.equal((await bob.post('/api/Member/Sessions/EndOthers')).body.data.ended, 0, "ending Bob's other sessions touches none of Ada's");
  t.same((await ada.get('/api/Member/IsLogin')).body.data, { isLogin: true });
  t.notOk(
    (await bob.get('/api/Member/Sessions')).body.data.some((s: { id: string }) => s.id === adaSession.id),
    "Bob's list never shows Ada's session",
  );
  t.not(adaSession.id, rawSessionId, 'the listed id is not the session id of the cookie');
});
