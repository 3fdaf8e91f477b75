import { registerFormSchema } from "@verbatim/shared/auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { useSchemaForm } from "@/lib/use-form";
import { useAuthSubmit } from "../hooks/use-auth-submit";

export function RegisterForm() {
  const { register } = useAuth();
  const form = useSchemaForm(registerFormSchema, { username: "", email: "", password: "", confirmPassword: "" });
  const { run, serverError, pending } = useAuthSubmit(register, "Registration failed. Please try again.");
  const submit = form.handleSubmit(run);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create account">
      {serverError && <FormError message={serverError} />}
      <Field label="Username" autoComplete="username" {...form.field("username")} />
      <Field label="Email" type="email" autoComplete="email" {...form.field("email")} />
      <Field label="Password" type="password" autoComplete="new-password" {...form.field("password")} />
      <Field label="Confirm Password" type="password" autoComplete="new-password" {...form.field("confirmPassword")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        Create account
      </Button>
    </form>
  );
}
