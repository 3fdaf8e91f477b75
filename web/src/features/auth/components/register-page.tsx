import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";
import { GoogleButton, OrDivider } from "./google-button";
import { GuestOnly } from "./guest-only";
import { RegisterForm } from "./register-form";

export function RegisterPage() {
  useAuthErrorToast();
  return (
    <GuestOnly>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Create an account
          </CardTitle>
          <CardDescription>Sign up to upload recordings and get transcripts, summaries and key points.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <RegisterForm />
          <OrDivider />
          <GoogleButton label="Sign up with Google" />
          <p className="text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Log in
            </Link>
          </p>
        </CardContent>
      </Card>
    </GuestOnly>
  );
}
