/** The Schedule of Fees: data written by the server into the page (src/app/fees.ts), read from the page's site. No
 *  API call. */
import { Layout } from '../components/Layout';
import { useSite, useText } from '../words';
import { detailsByVariant } from '../../../generated/details';
import { fill } from '../../engine/fill';

/** The words around the amounts come from the language's text (feeSchedule), the amounts from the group's data and
 *  schemas/fees.json (patched by the variant). */
export function FeeSchedule() {
  const { variant } = useSite();
  return <FeeScheduleOf amounts={detailsByVariant[variant.id].fees} />;
}

/** The page with the partner's amounts as given (the analysts' studio draws it from the configuration it built). */
export function FeeScheduleOf({ amounts }: { amounts: Record<string, string> }) {
  const { feeSchedule: t } = useText();
  const { variant, fees } = useSite();
  if (!fees || fees.groupNotFound) {
    return (
      <Layout title={t.title}>
        <p>{t.groupNotFound}</p>
      </Layout>
    );
  }
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
        {fees.isAARP && <p>{fill(t.partnerBenefit, { ...amounts, partnerName: fees.partnerName ?? variant.brand.partnerName ?? '' })}</p>}
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
