/**
 * Sensitive changes (the danger zone, restores, secrets, the account) ask for
 * the password again when it was not typed on this session in the last 15
 * minutes: a device left signed in, or remembered for 30 days, is not enough
 * to empty the shop or take its keys. The refusal names this reason, and the
 * admin's pages answer it by asking for the password (no page reload).
 */
export const PASSWORD_REQUIRED = "PASSWORD_REQUIRED";
export const RECENT_PASSWORD_MINUTES = 15;
export const PASSWORD_AGAIN_MESSAGE = `Enter your password again to do this (it is asked again after ${RECENT_PASSWORD_MINUTES} minutes)`;
