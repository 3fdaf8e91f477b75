import { type ChangeEvent, type FormEvent, useState } from "react";
import type { z } from "zod";
import { localizeMessage } from "@/lib/i18n";

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * A form validated by a zod schema: validated on submit, then again on every change once submitted, so
 * messages disappear as the user fixes them. Shows the first message per field, in the interface's language
 * (lib/i18n/known-messages.ts).
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, string>>>(
  schema: S,
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Errors<z.input<S>>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (next: z.input<S>) => {
    const result = schema.safeParse(next);
    const found: Errors<z.input<S>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof z.input<S> | undefined;
        if (field !== undefined && !found[field]) found[field] = localizeMessage(issue.message);
      }
    }
    setErrors(found);
    return result;
  };

  const setValue = (field: keyof z.input<S>, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) validate(next);
  };

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (result.success) await onValid(result.data);
  };

  /** What a <Field> needs to show and edit one value: spread it, `<Field label="Email" {...form.field("email")} />`. */
  const field = <K extends keyof z.input<S> & string>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.target.value),
  });

  return { values, errors, setValue, handleSubmit, field };
}
