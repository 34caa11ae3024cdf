/** What an applicant does on each step, as a person finds things on the page (by role and label). */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, screenshot } from './harness';
import { firstOfThisMonth } from '../dates';

export interface Person {
  first: string;
  middle?: string;
  last: string;
  ssnDigits: string;
  dobDigits: string;
  zip: string;
  memberNumberDigits?: string;
}

export const pat: Person = { first: 'Pat', last: 'Doe', ssnDigits: '123456789', dobDigits: '04151970', zip: '22150' };

export async function expectAccessible(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

export async function fillPersonal(page: Page, p: Person): Promise<void> {
  if (p.memberNumberDigits) await page.getByLabel(/membership number/i).pressSequentially(p.memberNumberDigits);
  await page.getByLabel(/^First name/).fill(p.first);
  if (p.middle) await page.getByLabel(/^Middle initial/).fill(p.middle);
  await page.getByLabel(/^Last name/).fill(p.last);
  await page.getByLabel(/social security/i).pressSequentially(p.ssnDigits);
  await page.getByLabel(/date of birth/i).pressSequentially(p.dobDigits);
  await page.getByLabel(/^Home phone/).pressSequentially('2025550143');
  await page.getByLabel('Email address', { exact: true }).fill('applicant@example.com');
  await page.getByLabel(/re-enter/i).fill('applicant@example.com');
  await page.getByLabel('Passcode').fill('Secret');
  await page.getByRole('textbox', { name: 'Street address' }).first().fill('601 E St NW');
  await page.getByRole('textbox', { name: 'City' }).first().fill('Washington');
  await page.getByRole('combobox', { name: 'State' }).first().selectOption({ label: 'District of Columbia' });
  await page.getByRole('textbox', { name: 'Zip code' }).first().fill(p.zip);
}

export async function fillEmployerGroup(page: Page, group = 'demo100'): Promise<void> {
  await page.getByLabel(/group number/i).fill(group);
  await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');
  await page.getByLabel('Individual', { exact: true }).check();
  await page.getByLabel(/effective date/i).fill(firstOfThisMonth('MM-DD-YYYY'));
}

export async function next(page: Page, heading: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Step 4: accept, paperless delivery, e-signature, captcha. */
export async function signTerms(page: Page, p: Person): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await page.getByLabel(/accept and agree/i).check();
  await page.getByLabel(/electronically/i).check();
  await page.getByLabel(/^First name/).fill(p.first);
  if (p.middle) await page.getByLabel(/^Middle initial/).fill(p.middle);
  await page.getByLabel(/^Last name/).fill(p.last);
  await page.getByText("I'm not a robot").click({ timeout: 10_000 });
  await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled(), { timeout: 20_000 }).toBe(false);
}

export const PAPERLESS = 'You will receive an e-mail in 3-5 business days.';
