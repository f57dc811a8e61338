import { LibraryScreen } from "~/components/library/library-screen";
import { requirePageUser } from "~/lib/auth/index.server";
import { PRODUCT_NAME } from "~/lib/brand";
import { libraryQuota } from "~/lib/ingest/index.server";
import type { Route } from "./+types/documents";

export function meta() {
  return [{ title: `Document Library · ${PRODUCT_NAME}` }];
}

/** Approved users only (pending ones go to the beta page); the list itself comes from GET /api/documents. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageUser({ request, url });
  return { quota: libraryQuota() };
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  return <LibraryScreen quota={loaderData.quota} />;
}
