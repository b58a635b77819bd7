import t from 'tap';
import { koreaAllAccepted, PRIVACY_ANSWERS, resetPrivacyAnswers, setKoreaAll } from '../../client/pages/register/privacy-answers.ts';

t.test('the reset patch names every privacy answer and leaves each unanswered', async (t) => {
  const patch = resetPrivacyAnswers();
  t.same(Object.keys(patch).sort(), [...PRIVACY_ANSWERS].sort());
  t.ok(Object.values(patch).every((value) => value === undefined));
});

t.test("Korea's select-all reflects and sets both consents", async (t) => {
  t.equal(koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: true }), true);
  t.equal(
    koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: false }),
    false,
    'the marketing e-mails too',
  );
  t.equal(koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: false }), false);
  t.equal(koreaAllAccepted({ koreaTermsConsent: true }), false);
  t.equal(koreaAllAccepted({}), false);
  t.same(setKoreaAll(true), { koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: true });
  t.same(
    setKoreaAll(false),
    { koreaTermsConsent: undefined, koreaPersonalDataConsent: undefined, isSubscribe: false },
    'required ones not given, e-mails no',
  );
});
