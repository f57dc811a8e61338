import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import { buttonClasses } from "./ui/button";

/**
 * The signed-in top bar: product name (with an optional suffix such as "Admin"), then
 * whatever comes before the nav link (a greeting), the nav link, and Logout.
 */
export function TopBar(props: { suffix?: string; nav: { to: string; label: string }; before?: ReactNode; width?: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex items-center justify-between px-4 py-3 ${props.width ?? ""}`}>
        <Link to="/" className="text-lg font-bold text-brand-700">
          {PRODUCT_NAME}
          {props.suffix ? <span className="text-slate-500"> {props.suffix}</span> : null}
        </Link>
        <nav className="flex items-center gap-2">
          {props.before}
          <Link to={props.nav.to} className={buttonClasses("secondary")}>
            {props.nav.label}
          </Link>
          <a href="/api/logout" className={buttonClasses("ghost")}>
            Logout
          </a>
        </nav>
      </div>
    </header>
  );
}
