import t from 'tap';
import { replyCode } from '../../shared/codes.ts';
import { fail } from '../../shared/schemas/reply.ts';
import { ReplyError } from '../../server/bff/errors.ts';

/** Both servers send only the codes of shared/codes.ts; the typecheck of `npm test` holds the lines marked below to that. */
t.test('a failure takes only a code of the union', async (t) => {
  // @ts-expect-error a code outside the union does not typecheck
  t.equal(fail('NoSuchCode').code, 'NoSuchCode');
  // @ts-expect-error the same for the portal's thrown failures
  t.equal(new ReplyError(400, 'NoSuchCode').code, 'NoSuchCode');
  t.equal(fail('AccountOrPwdFail').code, 'AccountOrPwdFail');
});

t.test("a member service's code outside the union becomes servererror", async (t) => {
  t.equal(replyCode('AccountOrPwdFail'), 'AccountOrPwdFail');
  t.equal(replyCode('ContactHR'), 'ContactHR');
  t.equal(replyCode('SomethingNew'), 'servererror');
});
