import { useTranslations } from "use-intl";
export function Footer() {
  const t = useTranslations("layout");
  return (
    <footer className="border-t px-4 py-4 text-center text-sm text-muted-foreground md:px-6">
      {t("copyright", { year: new Date().getFullYear() })}
    </footer>
  );
}
