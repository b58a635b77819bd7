import t from 'tap';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';

const base = {
  DATA_DIR: '/tmp/member-service-sign-in-config',
  SERVICE_KEY: 'k'.repeat(32),
  PASSWORD_ENCODING_KEY: 'a'.repeat(64),
  CRM_HASH_KEY: 'c'.repeat(32),
};

t.test('the SMS webhook is configuration', async (t) => {
  const unset = loadMemberServiceConfig(base);
  t.same([unset.smsWebhookUrl, unset.smsWebhookToken], [undefined, undefined], 'text messages go to the outbox by default');
  const set = loadMemberServiceConfig({ ...base, SMS_WEBHOOK_URL: 'https://sms.example/send', SMS_WEBHOOK_TOKEN: 'gateway-token' });
  t.same([set.smsWebhookUrl, set.smsWebhookToken], ['https://sms.example/send', 'gateway-token']);
  t.throws(() => loadMemberServiceConfig({ ...base, SMS_WEBHOOK_URL: 'ftp://sms.example' }), /SMS_WEBHOOK_URL/);
});
