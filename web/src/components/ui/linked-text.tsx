import { Link } from "@tanstack/react-router";
import { Fragment } from "react";
import { useTranslations } from "use-intl";

/** The app's pages a message may point to (the server's plan refusals end with "…: /subscription"). */
const PAGE_PATH = /(\/subscription)\b/;

/**
 * A message as text, with each app path it names ("/subscription") as a real link, so a refusal tells the user
 * where to go and takes them there in one click.
 */
export function LinkedText({ text }: { text: string }) {
  const t = useTranslations("common");
  const parts = text.split(PAGE_PATH);
  if (parts.length === 1) return <>{text}</>;
  // Keyed by where each part starts in the text: fixed for a given message.
  let at = 0;
  const nodes = parts.map((part, i) => {
    const key = `${i % 2}-${at}`;
    at += part.length;
    return i % 2 === 1 ? (
      <Link key={key} to="/subscription" className="font-medium underline underline-offset-4">
        {t("viewPlans")}
      </Link>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
  return <>{nodes}</>;
}
