import { isAppError } from "~/lib/app-error";

/**
 * A domain call's outcome as one value: what it returned, or the AppError it
 * threw as `{ ok: false, code, message, ...details }`, so a test can compare
 * refusals and successes alike. Any other error is thrown on.
 */
export async function outcome<T>(work: Promise<T>) {
  try {
    return await work;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false as const, code: error.code, message: error.message, ...error.details };
  }
}
