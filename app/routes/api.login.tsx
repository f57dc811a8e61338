import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import {
  AuthFailure,
  authenticateForm,
  createPlaceholderSession,
  createSession,
  getSessionUser,
  hasAppAccess,
  safeRedirect,
  ssoEnabled,
} from "~/lib/auth/index.server";
import { PRODUCT_NAME, PROFESSION_OPTIONS } from "~/lib/brand";
import { requestInfo } from "~/lib/http.server";
import type { Route } from "./+types/api.login";

export function meta() {
  return [{ title: `Sign in · ${PRODUCT_NAME}` }];
}

const SSO_ERRORS: Record<string, string> = {
  sso: "Single sign-on did not complete. Try again, or sign in with your email and password.",
};

/** Lets a 429's Retry-After reach the client on the document response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user) throw redirect(hasAppAccess(user) ? safeRedirect(url.searchParams.get("redirectTo")) : "/beta-access");
  return {
    sso: ssoEnabled(),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    ssoError: SSO_ERRORS[url.searchParams.get("error") ?? ""] ?? null,
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("signin" as const),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const intent = form.get("intent") === "signup" ? ("signup" as const) : ("signin" as const);
  try {
    const result = await authenticateForm(request, context);
    const { user } = result;
    // An address that already has an account: the same answer as a new sign-up, pending approval.
    if (!user) {
      const cookie = await createPlaceholderSession(request, result.typed);
      return redirect("/beta-access", { status: 303, headers: { "Set-Cookie": cookie } });
    }
    const cookie = await createSession(request, user.id, requestInfo(request, context));
    const target = hasAppAccess(user) ? safeRedirect(form.get("redirectTo")) : "/beta-access";
    return redirect(target, { status: 303, headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof AuthFailure) {
      const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data({ intent, error: error.message, fieldErrors: error.fieldErrors }, { status: error.status, headers });
    }
    throw error;
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [mode, setMode] = useState<"signin" | "signup">(actionData?.intent ?? loaderData.mode);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = actionData?.intent === mode ? actionData : undefined;
  const fe = errors?.fieldErrors ?? {};

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-md p-8">
        <a href="/" className="text-sm font-semibold text-brand-700">
          {PRODUCT_NAME}
        </a>
        <h1 className="mt-2 text-2xl font-bold">{mode === "signin" ? "Sign in" : "Create your account"}</h1>
        <div className="mt-4 grid grid-cols-2 rounded-md bg-slate-100 p-1 text-sm" role="tablist">
          {(["signin", "signup"] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
              className={`rounded px-3 py-1.5 font-medium ${mode === m ? "bg-white shadow-sm" : "text-slate-600"}`}
            >
              {m === "signin" ? "Sign In" : "Sign Up"}
            </button>
          ))}
        </div>

        {loaderData.ssoError ? (
          <p className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-700" role="alert">
            {loaderData.ssoError}
          </p>
        ) : null}
        {errors?.error ? (
          <p className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-700" role="alert">
            {errors.error}
          </p>
        ) : null}

        <Form method="post" className="mt-6 space-y-4" key={mode}>
          <input type="hidden" name="intent" value={mode} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {mode === "signup" ? (
            <div className="grid grid-cols-2 gap-3">
              <TextField label="First name" id="firstName" name="firstName" autoComplete="given-name" required maxLength={100} error={fe.firstName} />
              <TextField label="Last name" id="lastName" name="lastName" autoComplete="family-name" required maxLength={100} error={fe.lastName} />
            </div>
          ) : null}
          <TextField label="Email" id="email" name="email" type="email" autoComplete={mode === "signin" ? "username" : "email"} required error={fe.email} />
          <TextField
            label="Password"
            id="password"
            name="password"
            type="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            required
            minLength={mode === "signup" ? 8 : undefined}
            error={fe.password}
            hint={mode === "signup" ? "At least 8 characters." : undefined}
          />
          {mode === "signup" ? (
            <SelectField
              label="Profession"
              id="profession"
              name="profession"
              autoComplete="organization-title"
              required
              defaultValue=""
              placeholder="Select your profession"
              options={PROFESSION_OPTIONS}
              error={fe.profession}
            />
          ) : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Please wait..." : mode === "signin" ? "Sign In" : "Sign Up"}
          </Button>
        </Form>

        {loaderData.sso ? (
          <>
            <div className="my-6 flex items-center gap-3 text-xs text-slate-500">
              <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
            </div>
            <a
              href="/api/login/sso"
              className="flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100"
            >
              Continue with single sign-on
            </a>
          </>
        ) : null}
        {mode === "signup" ? (
          <p className="mt-6 text-xs text-slate-500">New accounts join the beta and need an administrator's approval before first use.</p>
        ) : null}
      </Card>
    </main>
  );
}
