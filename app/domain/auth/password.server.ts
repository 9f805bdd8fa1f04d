import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { GateFullError, createGate } from "./hashing-gate";
import { type AppError, rateLimited } from "~/lib/app-error";

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MiB per hash; 2^15 keeps a
// login under ~100 ms on a small VPS while still far beyond GPU-friendly hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads), the same pool that reads
 * static files and does DNS and zlib work; each hash also keeps a core busy for
 * ~100-200 ms and 32 MB. Unbounded, a flood of sign-ins fills the pool and the
 * pages and assets of the whole shop queue behind it. One hash at a time per two
 * cores (at most two, half the pool) leaves threads and a core to everything
 * else; on a 2-core machine that is one. Attempts beyond that wait in a line
 * (a waiting request costs the server nothing, and a client that waits is not
 * sending the next one); the line is bounded, so a wait stays within a few
 * seconds, and beyond it an attempt is refused at once (429).
 */
const HASHING_SLOTS = Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)));
const HASHING_QUEUE = 32;
const hashing = createGate(HASHING_SLOTS, HASHING_QUEUE);

/** What a client is told when the line of password checks is full. */
export const PASSWORD_CHECKS_BUSY = {
  message: "Too many sign-in attempts are being checked right now. Please try again in a few seconds.",
  retryAfterSeconds: 2,
} as const;

/** The refusal when the password checks are all taken: try again in a moment. */
export function passwordChecksBusyError(): AppError {
  return rateLimited(PASSWORD_CHECKS_BUSY.message, PASSWORD_CHECKS_BUSY.retryAfterSeconds);
}

/** True when a password check started now would be refused, so callers can answer before doing any other work. */
export function passwordChecksBusy(): boolean {
  return hashing.full();
}

/** True for the error every hash and check throws when the line of password checks is full. */
export function isPasswordChecksBusy(error: unknown): boolean {
  return error instanceof GateFullError;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** "scrypt$N$r$p$salt$hash" (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = await derive(password, Buffer.from(parts[4]!, "base64url"), N, r, p);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown usernames too, so response time does not reveal which usernames exist. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password").catch((error: unknown) => {
    // Refused while the line was full: try again next time instead of remembering the refusal.
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
}
