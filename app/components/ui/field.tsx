import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "./cn";

/** The look of every form control (inputs, selects, textareas). */
export const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";

export type FieldProps = { label: string; id: string; error?: string; hint?: ReactNode };

/** A control's label above it, its hint and error below; `hintId` lets the control point to the hint. */
export function FieldFrame({ label, id, error, hint, hintId, children }: FieldProps & { hintId?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
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
}

export function TextField({ label, id, error, hint, className, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(control, className)}
        {...props}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  id,
  error,
  hint,
  className,
  options,
  placeholder,
  ...props
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} className={cn(control, className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
