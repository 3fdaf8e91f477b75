import { Link, useLocation } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Any unknown path: says which address has no page, and offers the way back. */
export function NotFoundPage() {
  const t = useTranslations("layout.notFound");
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t("title")}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-muted-foreground break-words">{t("body", { path })}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/" className={buttonVariants()}>
              {t("home")}
            </Link>
            <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
              {t("pricing")}
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
