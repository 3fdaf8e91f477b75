import { registerFormSchema } from "@verbatim/shared/auth";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ButtonSpinner } from "@/components/ui/spinner";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { useAuth } from "../hooks/use-auth";
import { FormError } from "./form-error";

export function RegisterForm() {
  const { register } = useAuth();
  const form = useSchemaForm(registerFormSchema, { username: "", email: "", password: "", confirmPassword: "" });
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async (input) => {
    setServerError(null);
    setPending(true);
    try {
      // The auth gate leaves the page once the user is set.
      await register(input);
    } catch (error) {
      setServerError(userMessage(error, "Registration failed. Please try again."));
    } finally {
      setPending(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create account">
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
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        error={form.errors.email}
        onChange={(e) => form.setValue("email", e.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(e) => form.setValue("password", e.target.value)}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(e) => form.setValue("confirmPassword", e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        Create account
      </Button>
    </form>
  );
}
