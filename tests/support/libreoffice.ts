import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

/** soffice or libreoffice, whichever is on PATH (Debian's libreoffice-calc-nogui; scripts/ensure-system-deps.sh installs it). */
function officeCommand(): string {
  for (const command of ["soffice", "libreoffice"]) {
    try {
      execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
      return command;
    } catch {
      // try the next name
    }
  }
  throw new Error("LibreOffice is not installed (soffice or libreoffice): run scripts/ensure-system-deps.sh");
}

/**
 * Opens CSV files in LibreOffice Calc headless, as the operator's spreadsheet
 * would, and saves each as flat ODS XML in `dir`: one LibreOffice start for
 * all of them, with a throwaway profile under `dir` and a time limit.
 *
 * `csvOptions` are LibreOffice's CSV filter options: separators (character
 * codes joined by "/"), text delimiter, character set, first line.
 */
export function openCsvInCalc(files: string[], dir: string, csvOptions: string): Map<string, string> {
  return convertToFods(files, dir, [`--infilter=CSV:${csvOptions}`]);
}

/** Opens spreadsheet files LibreOffice recognises by themselves (.xlsx) and saves each as flat ODS XML in `dir`. */
export function openInCalc(files: string[], dir: string): Map<string, string> {
  return convertToFods(files, dir, []);
}

function convertToFods(files: string[], dir: string, filter: string[]): Map<string, string> {
  execFileSync(
    officeCommand(),
    [
      `-env:UserInstallation=${pathToFileURL(join(dir, "lo-profile")).href}`,
      "--headless",
      "--norestore",
      ...filter,
      "--convert-to",
      "fods",
      "--outdir",
      dir,
      ...files,
    ],
    { stdio: "pipe", timeout: 120_000, killSignal: "SIGKILL" },
  );
  return new Map(
    files.map((file) => [file, readFileSync(join(dir, basename(file).replace(/\.[^.]+$/, ".fods")), "utf8")]),
  );
}

export interface CalcCell {
  type: string;
  formula: string | null;
  text: string;
  /** office:value (numbers, currency) or office:date-value, as Calc stored it. */
  value: string | null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text of a cell's paragraphs (one line each): spaces, tabs and line breaks put back, entities decoded. */
function cellText(inner: string): string {
  return [...inner.matchAll(/<text:p\b[^>]*>([\s\S]*?)<\/text:p>/g)]
    .map(([, paragraph]) =>
      paragraph!
        .replace(/<text:s(?:\s+text:c="(\d+)")?\s*\/>/g, (_, n: string | undefined) => " ".repeat(Number(n ?? 1)))
        .replace(/<text:tab\s*\/>/g, "\t")
        .replace(/<text:line-break\s*\/>/g, "\n")
        .replace(/<[^>]+>/g, "")
        .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!)
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec))),
    )
    .join("\n");
}

/** Every non-empty cell of the first sheet of a flat ODS file, row by row (a repeated cell as often as it repeats). */
export function calcCells(fods: string): CalcCell[][] {
  const rows: CalcCell[][] = [];
  for (const [, row] of fods.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: CalcCell[] = [];
    for (const [, attrs, inner] of row!.matchAll(
      /<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
    )) {
      if (inner === undefined && !/table:formula=/.test(attrs!)) continue;
      const cell = {
        type: /office:value-type="([^"]+)"/.exec(attrs!)?.[1] ?? "",
        formula: /table:formula="([^"]*)"/.exec(attrs!)?.[1] ?? null,
        value: /office:(?:date-)?value="([^"]*)"/.exec(attrs!)?.[1] ?? null,
        text: cellText(inner ?? ""),
      };
      // Calc writes equal neighbours once, with how many there are.
      const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(attrs!)?.[1] ?? 1);
      for (let i = 0; i < repeated; i++) cells.push(cell);
    }
    if (cells.length) rows.push(cells);
  }
  return rows;
}
