import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";
import { control, FieldFrame, type FieldProps } from "./field";

/** A labelled textarea with an optional hint and error, like TextField in field.tsx. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, id, error, hint, className, ...props },
  ref,
) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint} hintId={`${id}-hint`}>
      <textarea ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(control, className)} {...props} />
    </FieldFrame>
  );
});
