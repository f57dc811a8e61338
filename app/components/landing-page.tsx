import { BookOpenCheck, Search, Upload } from "./icons";
import { buttonClasses } from "./ui/button";
import { AI_SEARCH_SUBTITLE, COPYRIGHT_YEAR, PRODUCT_NAME } from "~/lib/brand";

const FEATURES = [
  {
    title: "Instant AI Search",
    text: "Ask clinical questions in plain language and get answers drawn from trusted veterinary and medical literature in seconds.",
    Icon: Search,
  },
  {
    title: "Upload Your Library",
    text: "Bring your own textbooks, journals and clinic protocols into a private library that only you can search.",
    Icon: Upload,
  },
  {
    title: "Verifiable Citations",
    text: "Every answer cites the document and page it came from, so you can open the source and check it yourself.",
    Icon: BookOpenCheck,
  },
];

/** `contactEmail`: the footer's Contact Us address (CONTACT_EMAIL); without one the link is left out. */
export function LandingPage({ contactEmail }: { contactEmail: string | null }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <span className="text-lg font-bold text-brand-700">{PRODUCT_NAME}</span>
          <div className="flex items-center gap-2">
            <a href="/api/login" className={buttonClasses("ghost")}>
              Login
            </a>
            <a href="/api/login?mode=signup" className={buttonClasses("primary")}>
              Sign Up Free
            </a>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">AI-Powered Medical Assistant</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{AI_SEARCH_SUBTITLE}</p>
          <a href="/api/login?mode=signup" className={buttonClasses("primary", "mt-8 px-6 py-3 text-base")}>
            Sign Up for Free
          </a>
        </section>
        <section className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-2xl font-bold">Built for Medical Professionals</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ title, text, Icon }) => (
              <article key={title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <Icon className="h-8 w-8 text-brand-600" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </article>
            ))}
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row">
          {contactEmail ? (
            <a href={`mailto:${contactEmail}`} className="hover:text-brand-700">
              Contact Us
            </a>
          ) : null}
          <p>
            © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
