/** What an applicant does on each step, as a person finds things on the page (by role and label). */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, screenshot } from './harness';
import { firstOfThisMonth } from '../dates';
import { press, ROBOT, type, type Hand } from './hand';

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

/** Step 1's personal part, typed key by key (a robot's pace unless told). */
export async function fillPersonal(page: Page, p: Person, hand: Hand = ROBOT): Promise<void> {
  if (p.memberNumberDigits) await type(page.getByLabel(/membership number/i), p.memberNumberDigits, hand);
  await type(page.getByLabel(/^First name/), p.first, hand);
  if (p.middle) await type(page.getByLabel(/^Middle initial/), p.middle, hand);
  await type(page.getByLabel(/^Last name/), p.last, hand);
  await fillAfterNames(page, p, hand);
}

/** Step 1's personal part after the names: the SSN to the zip code. */
export async function fillAfterNames(page: Page, p: Person, hand: Hand = ROBOT): Promise<void> {
  await type(page.getByLabel(/social security/i), p.ssnDigits, hand);
  await type(page.getByLabel(/date of birth/i), p.dobDigits, hand);
  await type(page.getByLabel(/^Home phone/), '2025550143', hand);
  await type(page.getByLabel('Email address', { exact: true }), 'applicant@example.com', hand);
  await type(page.getByLabel(/re-enter/i), 'applicant@example.com', hand);
  await type(page.getByLabel('Passcode'), 'Secret', hand);
  await type(page.getByRole('textbox', { name: 'Street address' }).first(), '601 E St NW', hand);
  await type(page.getByRole('textbox', { name: 'City' }).first(), 'Washington', hand);
  // A list: chosen as a phone's picker or a keyboard does, not typed.
  await page.getByRole('combobox', { name: 'State' }).first().selectOption({ label: 'District of Columbia' });
  await type(page.getByRole('textbox', { name: 'Zip code' }).first(), p.zip, hand);
}

export async function fillEmployerGroup(page: Page, group = 'demo100', hand: Hand = ROBOT): Promise<void> {
  await type(page.getByLabel(/group number/i), group, hand);
  await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');
  await press(page.getByLabel('Individual', { exact: true }), hand);
  // Digits only, as on a phone's keypad: the hyphens come as they are typed.
  await type(page.getByLabel(/effective date/i), firstOfThisMonth('MM-DD-YYYY').replace(/-/g, ''), hand);
}

/** Presses Next and waits for the next step's heading. */
export async function next(page: Page, heading: string, hand: Hand = ROBOT): Promise<void> {
  await press(page.getByRole('button', { name: 'Next' }), hand);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Step 4: accept, paperless delivery, e-signature, captcha. */
export async function signTerms(page: Page, p: Person, hand: Hand = ROBOT): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await press(page.getByLabel(/accept and agree/i), hand);
  await press(page.getByLabel(/electronically/i), hand);
  await type(page.getByLabel(/^First name/), p.first, hand);
  if (p.middle) await type(page.getByLabel(/^Middle initial/), p.middle, hand);
  await type(page.getByLabel(/^Last name/), p.last, hand);
  await solveCaptcha(page, hand);
}

/** From an empty step 1 to a signed step 4 (the standard group, no additional card): its Next sends the enrollment. */
export async function toSignedTerms(page: Page, p: Person): Promise<void> {
  await fillPersonal(page, p);
  await fillEmployerGroup(page);
  await next(page, 'Step 2: Additional Cardholder');
  await next(page, 'Step 3: Verify');
  await next(page, 'Step 4: Terms and Conditions');
  await signTerms(page, p);
}

/** Ticks the captcha's box and waits until its proof of work is done and Next is usable. */
export async function solveCaptcha(page: Page, hand: Hand = ROBOT): Promise<void> {
  await page.getByText("I'm not a robot").waitFor({ timeout: 10_000 });
  await press(page.getByText("I'm not a robot"), hand);
  await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled(), { timeout: 20_000 }).toBe(false);
}

export const PAPERLESS = 'You will receive an e-mail in 3-5 business days.';

/** Step 1 drawn by the server: React has taken its form over (hydrated it). A press before the page's script runs is
 *  not heard; one while the step's code loads is pressed again once it is taken over (src/engine/takeover.ts). */
export const takenOver = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector('.step-form form') ?? {}).some((k) => k.startsWith('__reactFiber')));
