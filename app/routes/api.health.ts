import { jsonOk } from "~/lib/http.server";

/** For Docker's HEALTHCHECK and load balancers: answers once the server takes requests. */
export function loader() {
  return jsonOk({ status: "ok" });
}
