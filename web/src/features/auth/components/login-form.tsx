import { loginSchema } from "@verbatim/shared/auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { useSchemaForm } from "@/lib/use-form";
import { useAuthSubmit } from "../hooks/use-auth-submit";

export function LoginForm() {
  const { login } = useAuth();
  const form = useSchemaForm(loginSchema, { username: "", password: "" });
  const { run, serverError, pending } = useAuthSubmit(login, "Login failed. Please check your credentials.");
  const submit = form.handleSubmit(run);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Log in">
      {serverError && <FormError message={serverError} />}
      <Field label="Username" autoComplete="username" {...form.field("username")} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.field("password")} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        Log in
      </Button>
    </form>
  );
}
