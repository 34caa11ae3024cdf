/** The Schedule of Fees: data written by the server into the root element's data-fees attribute. No API call. */
import { Layout } from '../components/Layout';
import { useText } from '../copy';
import { details } from '../details';
import { variant } from '../variant';
import { fill } from '../../engine/fill';

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

/** In a server-side render, the group's fee data the server read (set by src/app/ssr.tsx around its render). */
export const serverFees: { data: FeeData | null } = { data: null };

export function readFeeData(): FeeData | null {
  if (typeof document === 'undefined') return serverFees.data;
  const raw = document.getElementById('root')?.dataset.fees;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as FeeData;
  } catch {
    return null;
  }
}

/** The words around the amounts come from the language's text (feeSchedule), the amounts from the group's data and
 *  schemas/fees.json (patched by the variant). */
export function FeeSchedule() {
  const { feeSchedule: t } = useText();
  const fees = readFeeData();
  if (!fees || fees.groupNotFound) {
    return (
      <Layout title={t.title}>
        <p>{t.groupNotFound}</p>
      </Layout>
    );
  }
  const amounts = details.fees;
  const monthly = fees.isOC ? fill(t.otherChannelMonthly, amounts) : `$${fees.totalMonthlyMaintFee ?? fees.acctHolderMaintFee ?? ''}`;
  return (
    <Layout title={t.title}>
      <section aria-labelledby="standard-fees">
        <h2 id="standard-fees">{t.standardTitle}</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">{t.monthly}</th>
              <td>
                {fees.maintFeeWaived ? t.waived : monthly}
                {!fees.isOC && fees.showWaivedText && fees.acctHolderBalEnd && ` ${fill(t.waivedAbove, { balance: fees.acctHolderBalEnd })}`}
              </td>
            </tr>
          </tbody>
        </table>
        <p>{t.included}</p>
        {fees.isAARP && <p>{fill(t.partnerBenefit, { ...amounts, partnerName: variant.brand.partnerName ?? '' })}</p>}
      </section>
      <section aria-labelledby="other-fees">
        <h2 id="other-fees">{t.otherTitle}</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">{t.atm}</th>
              <td>${amounts.atm}</td>
            </tr>
            <tr>
              <th scope="row">{t.transfer}</th>
              <td>${amounts.outboundTransfer}</td>
            </tr>
            <tr>
              <th scope="row">{t.statement}</th>
              <td>{fill(t.statementFee, amounts)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      {fees.allowInvestments && (
        <section aria-labelledby="investment">
          <h2 id="investment">{t.investmentTitle}</h2>
          <p>{fill(t.investment, { fee: fees.investmentFeeAmt ?? '', threshold: fees.investmentThresholdAmt ?? '' })}</p>
        </section>
      )}
      <section aria-labelledby="footnotes">
        <h2 id="footnotes">{t.notesTitle}</h2>
        <p>{fees.isMSA ? t.msa : t.changes}</p>
        {fees.fulfillmentText && <p>{t.fulfillment}</p>}
      </section>
    </Layout>
  );
}
