import type { WebhookDelivery } from "@verbatim/shared/webhooks";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useResendDelivery, useWebhookDeliveries } from "../api/webhooks-api";

const TONE: Record<WebhookDelivery["status"], BadgeTone> = { pending: "amber", succeeded: "green", failed: "red" };

/** An endpoint's latest deliveries: how each went, and Resend. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations("settings.webhooks");
  const log = useWebhookDeliveries(endpointId, true);
  if (log.isPending) return <Skeleton className="h-10 w-full" />;
  if (log.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {userMessage(log.error, t("logLoadFailed"))}
      </p>
    );
  return (
    <section className="space-y-2 rounded-md border p-3" aria-label={t("log")}>
      <div className="flex items-center justify-between">
        <h4 className="text-sm font-medium">{t("log")}</h4>
        <Button size="sm" variant="ghost" onClick={() => void log.refetch()}>
          {t("refresh")}
        </Button>
      </div>
      {log.data.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("logEmpty")}</p>
      ) : (
        <ul className="divide-y">
          {log.data.deliveries.map((d) => (
            <DeliveryRow key={d.id} endpointId={endpointId} delivery={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const t = useTranslations("settings.webhooks");
  const { dateTime } = useDateTimeFormat();
  const resend = useResendDelivery(endpointId);
  return (
    <li className="flex flex-wrap items-start gap-3 py-2 text-sm">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={TONE[delivery.status]}>{t(`status.${delivery.status}`)}</Badge>
          <code>{delivery.event}</code>
          <span className="text-xs text-muted-foreground">
            {dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          {delivery.httpStatus === null ? t("noAnswer") : t("httpStatus", { status: delivery.httpStatus })}
          {delivery.latencyMs !== null && ` · ${t("latency", { ms: delivery.latencyMs })}`} ·{" "}
          {t("attempts", { count: delivery.attempts })}
          {delivery.nextAttemptAt && ` · ${t("nextAttempt", { at: dateTime(delivery.nextAttemptAt) })}`}
        </p>
        {delivery.responseExcerpt && (
          <pre className="max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">
            {delivery.responseExcerpt}
          </pre>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(delivery.id, {
            onSuccess: () => toast({ title: t("resent") }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: t("actionFailed"),
                description: userMessage(error, t("tryAgain")),
              }),
          })
        }
      >
        {t("resend")}
      </Button>
    </li>
  );
}
