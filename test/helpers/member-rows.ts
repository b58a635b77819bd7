import { MemberStatus } from '../../shared/enums.ts';
import type { NewMemberRow } from '../../server/member-service/store/schema.ts';
import type { MemberStore } from '../../server/member-service/store/store.ts';

/** When the rows below were made, unless a test says otherwise. */
export const MADE_AT = Date.UTC(2025, 0, 1);

/** A complete members row for the store as registration writes it: an unverified Grace Hopper. */
export function newMemberRow(email: string, overrides: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    public_id: `pid-${email}`,
    email,
    password_hash: 'hash',
    status: MemberStatus.Unverified,
    source: '',
    first_name: 'Grace',
    last_name: 'Hopper',
    company_name: 'Navy',
    country: 'United States',
    state: 'Virginia',
    tel_country_code: '1',
    tel_areacode: '703',
    tel_no: '5550100',
    tel_ext: '',
    mobile_country_code: '',
    mobile: '',
    business_application_areas: '[]',
    in_products: '[]',
    vat_number: '',
    address: '',
    register_purpose: '',
    referer: '',
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    return_url: '',
    is_subscribe: 0,
    is_emp: 0,
    preferring: 1,
    lang: 'en',
    created_at: MADE_AT,
    updated_at: MADE_AT,
    password_changed_at: MADE_AT,
    ...overrides,
  };
}

/** An active member in the store, written directly (no mail, no hashing): its stored row. */
export async function activeMember(store: MemberStore, email: string, overrides: Partial<NewMemberRow> = {}) {
  const result = await store.members.register({
    member: newMemberRow(email, { status: MemberStatus.Active, ...overrides }),
    consents: [],
  });
  if (!('member' in result)) throw new Error(`${email} was not registered`);
  return result.member;
}
