import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";
import { GoogleButton, OrDivider } from "./google-button";
import { GuestOnly } from "./guest-only";
import { RegisterForm } from "./register-form";

export function RegisterPage() {
  const t = useTranslations("auth.registerPage");
  useAuthErrorToast();
  return (
    <GuestOnly>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t("title")}
          </CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <RegisterForm />
          <OrDivider />
          <GoogleButton label={t("google")} />
          <p className="text-center text-sm text-muted-foreground">
            {t("haveAccount")}{" "}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("logIn")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </GuestOnly>
  );
}
