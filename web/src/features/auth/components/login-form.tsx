import { loginSchema } from "@verbatim/shared/auth";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ButtonSpinner } from "@/components/ui/spinner";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { useAuth } from "../hooks/use-auth";
import { FormError } from "./form-error";

export function LoginForm() {
  const { login } = useAuth();
  const form = useSchemaForm(loginSchema, { username: "", password: "" });
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async (input) => {
    setServerError(null);
    setPending(true);
    try {
      // The auth gate leaves the page once the user is set.
      await login(input);
    } catch (error) {
      setServerError(userMessage(error, "Login failed. Please check your credentials."));
    } finally {
      setPending(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Log in">
      {serverError && <FormError message={serverError} />}
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={form.values.username}
        error={form.errors.username}
        onChange={(e) => form.setValue("username", e.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(e) => form.setValue("password", e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        Log in
      </Button>
    </form>
  );
}
