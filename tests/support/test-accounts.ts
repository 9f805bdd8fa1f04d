/**
 * Every password the tests type, in one place: the operator of a test's own shop (the test shop's
 * default admin), the operator of the shared end-to-end shop, and the passwords tests change to or
 * type wrongly on purpose. A test that needs other credentials (a secret-leak canary, a first-run
 * setup's own) says why beside them.
 */

/** The operator of a test's own shop: `startTestShop` makes and signs in this admin unless told otherwise. */
export const TEST_ADMIN = { username: "owner", password: "a-long-password" } as const;

/** `TEST_ADMIN` as the server's environment makes it at start-up. */
export const TEST_ADMIN_ENV = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password } as const;

/** What the operator changes their password to, in tests of changing it. */
export const NEW_PASSWORD = "another-long-password";

/** A password that is not the operator's (a refused sign-in, a wrong current password). */
export const WRONG_PASSWORD = "not-my-password";

/** The operator of Playwright's shared shop (made by the first admin spec to run: tests/e2e/admin-support.ts). */
export const E2E_ADMIN = { username: "e2e-admin", password: "e2e-admin-password" } as const;

/** The sign-in form as a browser posts it. */
export function signInForm(admin: { username: string; password: string } = TEST_ADMIN): URLSearchParams {
  return new URLSearchParams({ username: admin.username, password: admin.password });
}
