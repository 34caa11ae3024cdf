/** The standard applicant's whole journey in Chromium through the real server, with no mocks. */
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, signTerms } from './journey';
import { DESKTOP, DEVICES, HANDS, PERSON, press } from './hand';

const live = withServerAndBrowser();

// Typed key by key and pressed with the pointer, at a person's pace and a robot's, on a desktop and a 390 px phone.
const runs = DEVICES.flatMap((device) => HANDS.map((hand, i) => ({ device, hand, ssnDigits: `12345${DEVICES.indexOf(device)}${i}89` })));

describe.each(runs)('standard journey on a $device.name, by $hand.name', ({ device, hand, ssnDigits }) => {
  it('goes from the welcome page to the thank-you screen and stores the enrollment once', async () => {
    const context = await device.open(live.browser);
    const page = await context.newPage();
    const before = await live.server.countEnrollments();
    const person = { ...pat, ssnDigits };
    const shots = (name: string) => (device === DESKTOP && hand === PERSON ? name : `${name}-${device.name}-${hand === PERSON ? 'person' : 'robot'}`);
    await page.goto(`${live.server.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Health Savings Account (HSA) Enrollment');
    await expectAccessible(page, shots('standard-welcome'));
    await press(page.getByRole('link', { name: 'Next' }), hand);

    await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
    await press(page.getByRole('button', { name: 'Next' }), hand);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectAccessible(page, shots('standard-step1-errors'));

    await fillPersonal(page, person, hand);
    await fillEmployerGroup(page, 'demo100', hand);
    await expectAccessible(page, shots('standard-step1-filled'));
    await next(page, 'Step 2: Additional Cardholder', hand);
    // Cancel Enrollment is on step 1 only in the standard variant.
    await page.getByRole('button', { name: 'Previous' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Enrollment' }).count()).toBe(0);
    await expectAccessible(page, shots('standard-step2'));
    await next(page, 'Step 3: Verify', hand);
    await expect.poll(() => page.getByText(`XXX-XX-${ssnDigits.slice(5)}`).count()).toBe(1);
    await expectAccessible(page, shots('standard-step3'));
    await next(page, 'Step 4: Terms and Conditions', hand);
    await signTerms(page, person, hand);
    await expectAccessible(page, shots('standard-step4'));
    await press(page.getByRole('button', { name: 'Next' }), hand);

    await page.getByText(PAPERLESS).waitFor();
    await expectAccessible(page, shots('standard-thankyou'));
    await page.goBack();
    await page.getByText(PAPERLESS).waitFor();
    expect(await live.server.countEnrollments()).toBe(before + 1);
    // Analytics saw page names and steps only: nothing the applicant typed.
    const events = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer));
    expect(events).toContain('"page":"welcome"');
    expect(events).toContain('"step":"terms"');
    for (const personal of ['Pat', 'Doe', ssnDigits.slice(5), '1970', '2025550143', '202-555', 'example.com', 'Main St', '22150', 'DEMO100']) expect(events).not.toContain(personal);
    await context.close();
  });
});
