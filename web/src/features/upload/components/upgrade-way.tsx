import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";

/**
 * The way past a plan limit of the space the files go into: the plans page when the caller's own plan decides,
 * else who to ask (a team's owner: their subscription covers the team, the caller's does not).
 */
export function UpgradeWay({ askOwner, label }: { askOwner: string | null; label: string }) {
  const t = useTranslations("upload");
  if (askOwner !== null) return <>{t("askOwner", { owner: askOwner })}</>;
  return (
    <Link to="/subscription" className="font-medium underline underline-offset-4">
      {label}
    </Link>
  );
}
