/**
 * What the API client tells a buyer when no usable answer came. A module of
 * their own so that the message catalogue (app/domain/buyer-messages/catalogue.ts), which
 * every buying page loads, does not bring the client and zod with it.
 */
export const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";
export const GENERIC_MESSAGE = "An error occurred. Please try again.";
