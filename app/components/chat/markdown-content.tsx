import { useMemo } from "react";
import { renderMarkdown } from "~/lib/markdown";
import { cn } from "~/components/ui/cn";

// Typography for rendered answers (no typography plugin in the build): spacing, lists, tables, code, links.
const MARKDOWN_STYLES = [
  "break-words text-[0.95rem] leading-relaxed text-slate-800",
  "[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0",
  "[&_h1]:mb-2 [&_h1]:mt-4 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mb-1 [&_h3]:mt-3 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5",
  "[&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800",
  "[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em]",
  "[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "[&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_hr]:my-3 [&_img]:max-w-full [&_sup]:text-[0.7em]",
].join(" ");

/** An assistant answer: markdown rendered and sanitised (only safe tags, spec link schemes). */
export function MarkdownContent({ markdown, className }: { markdown: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  // The HTML comes from renderMarkdown, which sanitises it with DOMPurify.
  return <div className={cn(MARKDOWN_STYLES, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
