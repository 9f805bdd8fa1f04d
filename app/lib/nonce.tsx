import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; empty in the browser, which hides it from scripts anyway. */
export function useNonce(): string {
  return useContext(NonceContext);
}
