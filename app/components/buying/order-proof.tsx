/**
 * The order's proof of ownership (its id and the buyer's phone, as /track was
 * opened with) and what the buyer asks, sent with each of /track's forms:
 * refill, cancel, refund UPI id, stop updates, report a problem, erase.
 */
export function OrderProof({ lookup, intent }: { lookup: { orderId: string; phone: string }; intent: string }) {
  return (
    <>
      <input type="hidden" name="orderId" value={lookup.orderId} />
      <input type="hidden" name="phone" value={lookup.phone} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}
