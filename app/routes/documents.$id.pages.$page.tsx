import { redirect } from "react-router";
import { viewerUrl } from "~/lib/viewer";
import type { Route } from "./+types/documents.$id.pages.$page";

/**
 * The page view's old address, still in answers stored before the viewer: the viewer at that page
 * (whose loader checks who may see it).
 */
export function loader({ params }: Route.LoaderArgs) {
  const page = Number(params.page);
  return redirect(Number.isInteger(page) && page >= 1 ? viewerUrl(params.id, page) : `/documents/${encodeURIComponent(params.id)}/view`);
}
