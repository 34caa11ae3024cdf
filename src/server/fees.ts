/** The Schedule of Fees data for a group (spec section 3, 'Fee page data fields'), or null when not found. */
import type { Db } from './db/index';
import { field, partnerOfGroup, requestAjv } from './validation';
import text from '../../schemas/text.json' with { type: 'json' };

const isGroupId = requestAjv.compile(field('groupId'));

interface Row {
  is_aarp: boolean;
  is_msa: boolean;
  is_oc: boolean;
  status: string;
  maint_fee: string;
  maint_fee_waived: boolean;
  waive_balance: string;
  allow_investments: boolean;
  investment_fee: string;
  investment_threshold: string;
}

const money = (v: string) => Number(v).toFixed(2);
const whole = (v: string) => Number(v).toLocaleString('en-US', { maximumFractionDigits: 0 });

export async function feeData(db: Db, group: string): Promise<Record<string, unknown> | null> {
  if (!isGroupId(group)) return null;
  const { rows } = await db.query<Row>('SELECT * FROM employer_groups WHERE id = $1', [group.toUpperCase()]);
  const g = rows[0];
  if (!g || g.status !== 'active') return null;
  const balance = Number(g.waive_balance);
  return {
    isAARP: g.is_aarp,
    // The partner the group's members belong to, whichever site shows its fees (the bank's own names none).
    ...(g.is_aarp && { partnerName: partnerOfGroup(group, true)?.brand.partnerName }),
    isMSA: g.is_msa,
    isOC: g.is_oc,
    isAarpOrOc: g.is_aarp || g.is_oc,
    groupNotFound: false,
    acctHolderMaintFee: money(g.maint_fee),
    totalMonthlyMaintFee: money(g.maint_fee),
    acctHolderBalEnd: whole(g.waive_balance),
    zeroAcctHolderBalEnd: balance === 0,
    maintFeeWaived: g.maint_fee_waived,
    showFeeWaived: g.maint_fee_waived,
    showWaivedText: !g.maint_fee_waived && balance > 0,
    footnoteFeeDiff: g.is_aarp || g.is_oc,
    showFootnoteTango: false,
    // The page shows this sentence in the applicant's language (its text feeSchedule.fulfillment).
    fulfillmentText: text.feeSchedule.fulfillment,
    allowInvestments: g.allow_investments,
    invstAllwInd: g.allow_investments ? 'Y' : 'N',
    investmentFeeAmt: money(g.investment_fee),
    invstFeeFlat: true,
    investmentThresholdAmt: whole(g.investment_threshold),
  };
}
