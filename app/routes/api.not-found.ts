import { jsonError } from "~/lib/http.server";

const notFound = () => jsonError(404, "Not found");
export const loader = notFound;
export const action = notFound;
