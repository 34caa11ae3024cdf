/** A group's fee data, as the server reads it (src/server/fees.ts) and writes it into the fee schedule's page (the
 *  root element's data-fees attribute). */
export interface FeeData {
  isAARP?: boolean;
  /** With isAARP: the partner whose members the group admits. */
  partnerName?: string;
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

/** The fee data the server wrote into this page, if it did. */
export function readFeeData(page: Document): FeeData | null {
  const raw = page.getElementById('root')?.dataset.fees;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as FeeData;
  } catch {
    return null;
  }
}
