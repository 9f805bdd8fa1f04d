/** Admin account rules, shared by the setup form and the server. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 10;
