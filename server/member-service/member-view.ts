import type { Member } from '../../shared/schemas/member.ts';
import { provenMobileOf } from './phone/proven-mobile.ts';
import type { MemberRow, SocialLinkRow } from './store/schema.ts';

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The member as GET /api/Member returns it (shared/schemas/member.ts). */
export function toMember(row: MemberRow, socialLinks: SocialLinkRow[]): Member {
  return {
    memberId: row.id,
    userId: row.email,
    email: row.email,
    status: row.status,
    source: row.source,
    isEmp: row.is_emp === 1,
    isSubscribe: row.is_subscribe === 1,
    preferring: row.preferring === 1,
    myAccountDeleteDate: isoOrNull(row.delete_date),
    LastPwdModifiedDate: isoOrNull(row.password_changed_at),
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    country: row.country,
    state: row.state,
    telCountryCode: row.tel_country_code,
    telAreacode: row.tel_areacode,
    telNo: row.tel_no,
    telExt: row.tel_ext,
    mobileCountryCode: row.mobile_country_code,
    mobile: row.mobile,
    mobileVerified: provenMobileOf(row) !== undefined,
    businessApplicationAreas: listOf(row.business_application_areas),
    inProducts: listOf(row.in_products),
    memberExtension: { vatNumber: row.vat_number, address: row.address },
    socialData: socialLinks.map((link) => ({
      socialType: link.social_type,
      socialId: link.social_id,
      socialEmail: link.social_email,
      socialName: link.social_name,
      registerDate: new Date(link.registered_at).toISOString(),
    })),
  };
}
