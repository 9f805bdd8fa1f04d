import { readFileSync } from "node:fs";
import { customTemplates } from "~/domain/payments/payment-settings.server";
import type { AlertTemplate } from "~/domain/payments/custom-templates";
import { checkAlerts, parseCheckInput } from "~/domain/payments/reader/check-alerts";
import { openConfiguredDatabase } from "./cli";

/**
 * `npm run alerts -- check FILE [--templates]`: reads a JSON array of alerts in the corpus's
 * format (shared/bank-alerts/corpus.json: `{ channel?, sender?, text, bank? }`) with exactly the
 * reader the shop uses, and prints one JSON object on stdout:
 * `{"items":[{"index":0,"credit":true,"amount":348.97,"utr":"412345678901","reason":null},…]}`.
 * With `--templates`, the operator's own templates from the configured database are tried first,
 * as the shop does. Exit 0 after reading; 2 for a wrong command line; 1 for a file that is not such an array.
 */

const USAGE = "Usage: npm run alerts -- check FILE [--templates]";
const args = process.argv.slice(2);
const [command, file, ...flags] = args;

if (command !== "check" || !file || flags.some((f) => f !== "--templates")) {
  console.error(USAGE);
  process.exit(2);
}

let json: unknown;
try {
  json = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file} as JSON: ${(error as Error).message}`);
  process.exit(1);
}
const input = parseCheckInput(json);
if (!input.ok) {
  console.error(`${file}: ${input.message}`);
  process.exit(1);
}

let custom: AlertTemplate[] = [];
if (flags.includes("--templates")) {
  const { database } = await openConfiguredDatabase();
  try {
    custom = (await customTemplates(database.db)).templates;
  } finally {
    await database.close();
  }
}
process.stdout.write(`${JSON.stringify(checkAlerts(input.items, custom))}\n`);
