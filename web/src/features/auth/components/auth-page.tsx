import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";
import { GoogleButton, OrDivider } from "./google-button";
import { GuestOnly } from "./guest-only";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type AuthTab = "login" | "register";

/** /auth: login and registration on two tabs. */
export function AuthPage() {
  useAuthErrorToast();
  const [tab, setTab] = useState<AuthTab>("login");
  return (
    <GuestOnly>
      <div className="flex justify-center py-6">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {tab === "login" ? "Log in to Verbatim" : "Create your Verbatim account"}
            </CardTitle>
            <CardDescription>Sign in to see your transcriptions, or create an account to start.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <TabsList label="Sign in or register" fullWidth>
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="space-y-4">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="space-y-4">
                <RegisterForm />
              </TabsContent>
            </Tabs>
            <div className="mt-4 space-y-4">
              <OrDivider />
              <GoogleButton />
            </div>
          </CardContent>
        </Card>
      </div>
    </GuestOnly>
  );
}
