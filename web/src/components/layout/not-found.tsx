import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Any unknown path. */
export function NotFoundPage() {
  const t = useTranslations("layout.notFound");
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t("title")}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-muted-foreground">{t("body")}</p>
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            {t("home")}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
