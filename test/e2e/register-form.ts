import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../helper.ts';
import { exactLabel, type Texts } from './texts.ts';

/** The account part of the register form, as a visitor types it: name, e-mail, password twice. */
export async function fillAccount(page: Page, text: Texts, member: { firstName: string; lastName: string; email: string }) {
  await page.getByLabel(exactLabel(text('register.firstName'))).fill(member.firstName);
  await page.getByLabel(exactLabel(text('register.lastName'))).fill(member.lastName);
  await page.getByLabel(exactLabel(text('register.email'))).fill(member.email);
  await page.getByLabel(exactLabel(text('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.confirmPassword'))).fill(TEST_PASSWORD);
}

/** A company in Germany reached on a German mobile number. */
export async function fillCompanyWithMobile(page: Page, text: Texts, company: string) {
  await page.getByLabel(exactLabel(text('register.companyName'))).fill(company);
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
  await page.getByRole('radio', { name: text('register.phoneChoice.mobile') }).check();
  await page.getByRole('textbox', { name: text('register.mobile') }).fill('15123456789');
}

/** Agrees to the global privacy policy and leaves the newsletter unticked: the consents most visitors give. */
export async function consentWithoutNewsletter(page: Page, text: Texts) {
  await page.getByRole('checkbox', { name: text('register.privacy.globalLegend') }).check();
}
