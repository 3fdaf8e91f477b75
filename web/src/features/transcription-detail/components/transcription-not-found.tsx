import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The transcription does not exist, is still processing, or is not the user's. */
export function TranscriptionNotFound() {
  const t = useTranslations("detail.notFound");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("heading")}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants()}>
            {t("back")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
