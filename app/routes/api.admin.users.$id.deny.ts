import { betaDecisionAction } from "~/lib/admin/index.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api.admin.users.$id.deny";

/** POST (no body): a pending user becomes denied; 404 unknown id, 409 not pending. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return betaDecisionAction(request, params.id, context, "denied");
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
