/**
 * The tax in a tax-inclusive price (docs/receipts.md): GST at 18% on the
 * service, split as CGST and SGST (9% each) when the place of supply is the
 * supplier's own State, or charged whole as IGST when it is another (IGST Act
 * 2017, sections 7 and 8). Whole paise that add up to the price exactly; CGST
 * and SGST are always equal. Pure.
 */

export const GST_RATE_PERCENT = 18;

export interface TaxSplit {
  /** The value the tax is charged on (the price less the tax in it). */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePercent: number;
  intraState: boolean;
}

export function taxSplit(totalPaise: number, intraState: boolean, ratePercent = GST_RATE_PERCENT): TaxSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  if (intraState) {
    const half = Math.round((totalPaise * ratePercent) / 2 / (100 + ratePercent));
    return {
      taxablePaise: totalPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      ratePercent,
      intraState,
    };
  }
  const igst = Math.round((totalPaise * ratePercent) / (100 + ratePercent));
  return { taxablePaise: totalPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, ratePercent, intraState };
}
