import { useState } from "react";
import { useTranslations } from "use-intl";
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
  const t = useTranslations("auth");
  useAuthErrorToast();
  const [tab, setTab] = useState<AuthTab>("login");
  return (
    <GuestOnly>
      <div className="flex justify-center py-6">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {tab === "login" ? t("authPage.loginTitle") : t("authPage.registerTitle")}
            </CardTitle>
            <CardDescription>{t("authPage.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <TabsList label={t("authPage.tabs")} fullWidth>
                <TabsTrigger value="login">{t("authPage.login")}</TabsTrigger>
                <TabsTrigger value="register">{t("authPage.register")}</TabsTrigger>
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
