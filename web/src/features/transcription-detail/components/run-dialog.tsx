import { Link } from "@tanstack/react-router";
import type { PlanUsage } from "@verbatim/shared/subscription";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LinkedText } from "@/components/ui/linked-text";
import { ButtonSpinner } from "@/components/ui/spinner";

/** The ways to transcribe a recording again; each one's words are detail.<run>.*. */
export type Run = "reprocess" | "retry";

/** Transcriptions left this month on a plan with a limit; null when there is no limit (or it is not known yet). */
export const runsLeft = (usage: PlanUsage | undefined) =>
  usage && usage.limit !== null ? Math.max(0, usage.limit - usage.used) : null;

/**
 * The confirmation before speech recognition runs again ("Reprocess…", "Try again"): on a plan with a monthly limit
 * it says the run uses one of its transcriptions (or that none are left, with the way to upgrade), and why the last
 * attempt was refused (here, above the backdrop, not in a toast behind it).
 */
export function RunDialog({
  run,
  open,
  onOpenChange,
  pending,
  error,
  usage,
  onConfirm,
  children,
}: {
  run: Run;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: string | null;
  usage: PlanUsage | undefined;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const t = useTranslations("detail");
  const left = runsLeft(usage);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`${run}.title`)}
      description={t(`${run}.description`)}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t(`${run}.cancel`)}
          </Button>
          <Button disabled={pending || left === 0} onClick={onConfirm}>
            {pending && <ButtonSpinner />}
            {t(`${run}.submit`)}
          </Button>
        </>
      }
    >
      {left !== null && usage?.limit != null && (
        <p data-testid="run-usage" className="rounded-md bg-muted px-3 py-2 text-sm">
          {left === 0
            ? t(`${run}.noneLeft`, { limit: usage.limit })
            : t(`${run}.usesOne`, { left, limit: usage.limit })}{" "}
          {left === 0 && (
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              {t(`${run}.upgrade`)}
            </Link>
          )}
        </p>
      )}
      {error && (
        <div role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p className="font-medium">{t(`${run}.failed`)}</p>
          <p>
            <LinkedText text={error} />
          </p>
        </div>
      )}
      {children}
    </Dialog>
  );
}
