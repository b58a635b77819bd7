import type { ConsentEventRow, ConsentRow, MemberRow, SocialLinkRow } from '../store/schema.ts';
import { BYTE_ORDER_MARK, toCsv } from './csv.ts';

export interface MemberData {
  member: MemberRow;
  consents: ConsentRow[];
  consentEvents: ConsentEventRow[];
  socialLinks: SocialLinkRow[];
}

const SOCIAL_NAMES: Record<number, string> = { 1: 'Google', 2: 'Facebook', 3: 'LinkedIn' };

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
const yesNo = (flag: number) => (flag === 1 ? 'yes' : 'no');

function list(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.join('; ') : '';
  } catch {
    return '';
  }
}

/**
 * The member's stored fields. Every column of the member row is here except the password hash,
 * which is a credential rather than information about the member.
 */
function memberRows(m: MemberRow): string[][] {
  const fields: Array<[string, string]> = [
    ['Account ID', m.email],
    ['E-mail', m.email],
    ['Public ID', m.public_id],
    ['Status', String(m.status)],
    ['Source', m.source],
    ['First name', m.first_name],
    ['Last name', m.last_name],
    ['Company name', m.company_name],
    ['Country/Region', m.country],
    ['State/Province', m.state],
    ['Phone country code', m.tel_country_code],
    ['Phone area code', m.tel_areacode],
    ['Phone number', m.tel_no],
    ['Phone extension', m.tel_ext],
    ['Mobile country code', m.mobile_country_code],
    ['Mobile number', m.mobile],
    ['Verified mobile number', m.proven_mobile],
    ['VAT number', m.vat_number],
    ['Address', m.address],
    ['Products of interest', list(m.in_products)],
    ['Business application areas', list(m.business_application_areas)],
    ['Receives product information', yesNo(m.is_subscribe)],
    ['Employee', yesNo(m.is_emp)],
    ['Preferences still to choose', yesNo(m.preferring)],
    ['Language', m.lang],
    ['Registration purpose', m.register_purpose],
    ['Referer', m.referer],
    ['UTM source', m.utm_source],
    ['UTM medium', m.utm_medium],
    ['UTM campaign', m.utm_campaign],
    ['Return URL', m.return_url],
    ['Registered at', iso(m.created_at)],
    ['Last updated at', iso(m.updated_at)],
    ['Password last changed at', iso(m.password_changed_at)],
    ['Permanent deletion date', iso(m.delete_date)],
  ];
  return fields.map(([name, value]) => ['Member', name, value, '', '']);
}

/** Profile.csv: columns Section, Name, Value, Date, Details; the byte-order mark first. */
export function profileCsv(data: MemberData): string {
  const rows: string[][] = [
    ['Section', 'Name', 'Value', 'Date', 'Details'],
    ...memberRows(data.member),
    ...data.consents.map((c) => ['Consent given at registration', c.consent, 'yes', iso(c.given_at), `policy version ${c.policy_version}`]),
    ...data.consentEvents.map((e) => [
      'Consent change',
      e.consent,
      yesNo(e.given),
      iso(e.changed_at),
      `policy version ${e.policy_version}; source ${e.source}`,
    ]),
    ...data.socialLinks.map((s) => [
      'Connected account',
      SOCIAL_NAMES[s.social_type] ?? String(s.social_type),
      s.social_name,
      iso(s.registered_at),
      `e-mail ${s.social_email}; id ${s.social_id}`,
    ]),
  ];
  return BYTE_ORDER_MARK + toCsv(rows);
}
