import { existsSync, readFileSync } from "node:fs";

/**
 * The one place a shop's configuration lives (docs/deploy.md): the systemd
 * unit loads it (`EnvironmentFile=/etc/boostkaro/shop.env`) and every CLI
 * command reads the same file, so `npm run backup -- now` backs up the
 * database the service uses, not a new empty one in the code folder
 * (issue 52, point 1). SHOP_ENV_FILE names another file; `SHOP_ENV_FILE=none`
 * reads none (a development machine, the tests). Variables already set in the
 * command's own environment win over the file's (a read key for a restore).
 */
export const DEFAULT_ENV_FILE = "/etc/boostkaro/shop.env";

export interface ShopEnvironment {
  /** The file read, or null when none was. */
  file: string | null;
  env: NodeJS.ProcessEnv;
}

/** Parses systemd's EnvironmentFile format: KEY=VALUE lines, # comments, values optionally in quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[1] === '"' ? quoted[2]!.replace(/\\(["\\$`])/g, "$1") : quoted[2]!;
    vars[match[1]!] = value;
  }
  return vars;
}

export class EnvFileMissing extends Error {}

/** The environment a CLI command runs with: the shop's file under the command's own variables. */
export function shopEnvironment(env: NodeJS.ProcessEnv = process.env): ShopEnvironment {
  const named = env.SHOP_ENV_FILE;
  if (named === "none") return { file: null, env };
  const file = named || (existsSync(DEFAULT_ENV_FILE) ? DEFAULT_ENV_FILE : null);
  if (!file) return { file: null, env };
  if (!existsSync(file)) throw new EnvFileMissing(`SHOP_ENV_FILE=${file}: no such file`);
  const fromFile = parseEnvFile(readFileSync(file, "utf8"));
  // The command's own non-empty variables win; an empty one in the file means "not set", as for the service.
  const own = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  return { file, env: { ...fromFile, ...own } };
}
