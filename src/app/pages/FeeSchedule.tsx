/** The Schedule of Fees: data written by the server into the root element's data-fees attribute. No API call. */
import { Layout } from '../components/Layout';

export interface FeeData {
  isAARP?: boolean;
  isMSA?: boolean;
  isOC?: boolean;
  groupNotFound?: boolean;
  acctHolderMaintFee?: string;
  acctHolderBalEnd?: string;
  totalMonthlyMaintFee?: string;
  maintFeeWaived?: boolean;
  showWaivedText?: boolean;
  allowInvestments?: boolean;
  investmentFeeAmt?: string;
  investmentThresholdAmt?: string;
  fulfillmentText?: string;
  [key: string]: unknown;
}

export function readFeeData(): FeeData | null {
  const raw = document.getElementById('root')?.dataset.fees;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as FeeData;
  } catch {
    return null;
  }
}

export function FeeSchedule() {
  const fees = readFeeData();
  if (!fees || fees.groupNotFound) {
    return (
      <Layout title="Schedule of Fees">
        <p>We're sorry. Your group number could not be found.</p>
      </Layout>
    );
  }
  const monthly = fees.isOC ? '$2.20' : `$${fees.totalMonthlyMaintFee ?? fees.acctHolderMaintFee ?? ''}`;
  return (
    <Layout title="Schedule of Fees">
      <section aria-labelledby="standard-fees">
        <h2 id="standard-fees">Standard Fees</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">Monthly Maintenance Fee</th>
              <td>
                {fees.maintFeeWaived ? 'Waived' : monthly}
                {fees.isOC && ' (a 20% discount off the standard fee), waived at an average balance of $3,000 or more'}
                {!fees.isOC && fees.showWaivedText && fees.acctHolderBalEnd && ` waived with an average balance of $${fees.acctHolderBalEnd} or more`}
              </td>
            </tr>
          </tbody>
        </table>
        <p>Included: a debit card, online bill payment and mobile access, and a receipt vault.</p>
        {fees.isAARP && <p>AARP members receive a 20% discount on monthly maintenance fees, and fees are waived for account holders aged 65 or over.</p>}
      </section>
      <section aria-labelledby="other-fees">
        <h2 id="other-fees">Other Account Fees</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">ATM transaction</th>
              <td>$2.50</td>
            </tr>
            <tr>
              <th scope="row">Outbound transfer or rollover to another custodian</th>
              <td>$20.00</td>
            </tr>
            <tr>
              <th scope="row">Printed statement</th>
              <td>$1.50 per mailed statement; no charge for online delivery</td>
            </tr>
          </tbody>
        </table>
      </section>
      {fees.allowInvestments && (
        <section aria-labelledby="investment">
          <h2 id="investment">Investment Account</h2>
          <p>
            Monthly investment fee: ${fees.investmentFeeAmt}. Investments are available once your balance exceeds ${fees.investmentThresholdAmt}.
          </p>
        </section>
      )}
      <section aria-labelledby="footnotes">
        <h2 id="footnotes">Notes</h2>
        <p>{fees.isMSA ? 'Fees apply to Medical Savings Accounts as listed above.' : 'Fees are subject to change with notice.'}</p>
        {fees.fulfillmentText && <p>{fees.fulfillmentText}</p>}
      </section>
    </Layout>
  );
}
