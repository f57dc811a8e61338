/** The auth capability's browser-safe face: what a user without app access is told. */

/**
 * One wording per beta status, for the beta page and the APIs' 403 alike: a denied user is never told
 * that their request is pending (or when to expect an answer), and a pending one never that it was refused.
 */
export const BETA_WORDING = {
  pending: {
    title: "Beta Access Pending",
    message: "Beta access pending approval",
  },
  denied: {
    title: "Beta Access Not Approved",
    message: "Beta access not approved",
  },
} as const;
