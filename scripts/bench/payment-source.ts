/**
 * What the payment-confirm bench asks of each automatic payment source: start
 * what it needs beside the shop, set itself up on a fresh shop, prepare a
 * genuine alert for an order's exact amount (the bench times only its
 * sending), and send forgeries that must confirm nothing.
 */

export interface ShopUnderTest {
  url: string;
  dbFile: string;
}

export interface BenchOrder {
  orderId: string;
  pricePaise: number;
}

export interface PaymentSource {
  name: string;
  /** Starts what the source needs outside the shop (an IMAP server, a gateway double); resolves to the shop's extra environment. */
  start(): Promise<Record<string, string>>;
  /** Sets the source up on the running shop, as the operator would (secrets, mailbox, gateway keys). */
  setUp(shop: ShopUnderTest): Promise<void>;
  /**
   * Everything that comes before the alert (signing it, the gateway order the
   * checkout makes); resolves to the alert's sending, which the bench times.
   */
  prepare(shop: ShopUnderTest, order: BenchOrder, n: number): Promise<() => Promise<void>>;
  /** Something that must not confirm this order (unsigned, signed by another key, a wrong amount); resolves once the shop has taken it in. */
  forge(shop: ShopUnderTest, order: BenchOrder, n: number): Promise<void>;
  /** Stops whatever `start` started; safe to call when `start` failed half-way. */
  tearDown(): Promise<void>;
}

/** A 12-digit UTR no other bench order shares. */
export const benchUtr = (n: number) =>
  String(700_000_000_000 + (((Date.now() % 1_000_000) * 1_000 + n) % 99_999_999_999));
