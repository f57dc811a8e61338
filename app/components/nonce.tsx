import { createContext, useContext } from "react";

/** The per-response CSP nonce, so inline scripts React Router writes are allowed and nothing else is. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
