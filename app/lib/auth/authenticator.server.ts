import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getConfig } from "../config.server";
import type { User } from "../db/index.server";
import { requestInfo, validationMessage } from "../http.server";
import { writeAuthLog } from "./audit.server";
import { SignInLimiter, signUpsPerAddress } from "./rate-limit.server";
import { verifyPassword } from "./password.server";
import { DuplicateEmailError, createUser, emailSchema, findUserByEmail, signUpSchema, type SignUp } from "./users.server";

/** A sign-in or sign-up that did not work, with the HTTP status it deserves. */
export class AuthFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 409 | 422 | 429,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * `user` null: a sign-up for an address that already has an account. It is answered as a new sign-up
 * (pending approval) with a placeholder session made of what was typed, never the account's, so neither
 * the answer nor anything after it tells whether the account exists.
 */
export type FormAuthResult =
  | { user: User; intent: "signin" | "signup" }
  | { user: null; intent: "signup"; typed: Pick<SignUp, "email" | "firstName" | "lastName" | "profession"> };

let limiter: SignInLimiter | null = null;
function failedSignIns() {
  const config = getConfig();
  limiter ??= new SignInLimiter(config.LOGIN_RATE_LIMIT_PER_MINUTE, config.LOGIN_RATE_LIMIT_PER_ADDRESS_PER_MINUTE);
  return limiter;
}

const str = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

async function verifyForm({ form, request, context }: FormStrategy.VerifyOptions & { context?: unknown }) {
  const intent = str(form, "intent") ?? "signin";
  const info = requestInfo(request, context);
  if (intent === "signin") {
    const attempt = { email: str(form, "email") ?? "", address: info.ipAddress };
    const wait = failedSignIns().retryAfterSeconds(attempt);
    if (wait > 0) {
      throw new AuthFailure(429, `Too many failed sign-in attempts. Try again in ${wait} seconds.`, {}, wait);
    }
    const email = emailSchema.safeParse(attempt.email);
    const password = str(form, "password") ?? "";
    const user = email.success ? findUserByEmail(email.data) : undefined;
    const ok = password.length > 0 && password.length <= 256 && (await verifyPassword(user?.passwordHash, password));
    if (!user || !ok) {
      failedSignIns().recordFailure(attempt);
      throw new AuthFailure(401, INVALID_CREDENTIALS);
    }
    writeAuthLog(user.id, "login", info);
    return { user, intent } as const;
  }
  if (intent === "signup") {
    const parsed = signUpSchema.safeParse({
      email: str(form, "email"),
      password: str(form, "password"),
      firstName: str(form, "firstName"),
      lastName: str(form, "lastName"),
      profession: str(form, "profession"),
    });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      throw new AuthFailure(422, validationMessage(parsed.error), fieldErrors);
    }
    const signUps = signUpsPerAddress(getConfig().SIGNUP_RATE_LIMIT_PER_HOUR);
    const key = info.ipAddress ?? "unknown";
    const wait = signUps.retryAfterSeconds(key);
    if (wait > 0) throw new AuthFailure(429, `Too many sign-ups from this address. Try again in ${wait} seconds.`, {}, wait);
    signUps.recordFailure(key);
    try {
      const user = await createUser({ ...parsed.data, role: "user", betaAccess: "pending" });
      writeAuthLog(user.id, "registration", info);
      return { user, intent } as const;
    } catch (error) {
      if (error instanceof DuplicateEmailError) {
        // The password was hashed all the same (createUser hashes first): the answer takes as long, too.
        writeAuthLog(findUserByEmail(parsed.data.email)?.id ?? null, "registration_existing_email", info);
        const { email, firstName, lastName, profession } = parsed.data;
        return { user: null, intent: "signup", typed: { email, firstName, lastName, profession } } as const;
      }
      throw error;
    }
  }
  throw new AuthFailure(400, "Unknown form intent: expected 'signin' or 'signup'");
}

/**
 * remix-auth passes only the request to strategies; the caller's address travels in the
 * load context, so the authenticator is built per call with that context captured.
 */
export function authenticateForm(request: Request, context: unknown): Promise<FormAuthResult> {
  const authenticator = new Authenticator<FormAuthResult>();
  authenticator.use(new FormStrategy((options) => verifyForm({ ...options, context })), "form");
  return authenticator.authenticate("form", request);
}
