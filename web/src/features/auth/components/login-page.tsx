import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";
import { GoogleButton, OrDivider } from "./google-button";
import { GuestOnly } from "./guest-only";
import { LoginForm } from "./login-form";

export function LoginPage() {
  useAuthErrorToast();
  return (
    <GuestOnly>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Welcome back
          </CardTitle>
          <CardDescription>Log in to your account to see your transcriptions.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <LoginForm />
          <OrDivider />
          <GoogleButton intent="login" />
          <p className="text-center text-sm text-muted-foreground">
            Don't have an account?{" "}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              Register
            </Link>
          </p>
        </CardContent>
      </Card>
    </GuestOnly>
  );
}
