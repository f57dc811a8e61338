import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";

/** A labelled textarea with an optional hint and error, like TextField in field.tsx. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  { label: string; id: string; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, id, error, hint, className, ...props }, ref) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(control, className)} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
