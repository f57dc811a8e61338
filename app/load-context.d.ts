import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The caller's address as the Express entry sees it (honours TRUST_PROXY). */
    clientIp?: string;
    /** Nonce of this response's Content-Security-Policy. */
    cspNonce?: string;
  }
}
