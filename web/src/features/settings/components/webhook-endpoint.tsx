import type { WebhookEndpoint } from "@verbatim/shared/webhooks";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { copyWithToast } from "@/components/copy-text";
import { Button } from "@/components/ui/button";
import { ButtonSpinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook } from "../api/webhooks-api";
import { WebhookDeliveryLog } from "./webhook-deliveries";

/** One endpoint: its URL and events, the on/off switch, the secret, and what can be done with it. */
export function WebhookEndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("settings.webhooks");
  const update = useUpdateWebhook();
  const test = useSendTestEvent(endpoint.id);
  const [showLog, setShowLog] = useState(false);
  const failed = (error: unknown) =>
    toast({ variant: "destructive", title: t("actionFailed"), description: userMessage(error, t("tryAgain")) });
  return (
    <li className="space-y-3 py-4">
      <Switch
        checked={endpoint.enabled}
        disabled={update.isPending}
        onCheckedChange={(enabled) => update.mutate({ id: endpoint.id, enabled }, { onError: failed })}
        label={<span className="break-all font-mono">{endpoint.url}</span>}
        description={
          <>
            {endpoint.events.join(", ")}
            {!endpoint.enabled && endpoint.disabledReason && (
              <span className="block text-destructive">{t("disabledBy", { reason: endpoint.disabledReason })}</span>
            )}
          </>
        }
      />
      <Secret endpoint={endpoint} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => {
                toast({ title: t("testSent") });
                setShowLog(true);
              },
              onError: failed,
            })
          }
        >
          {test.isPending && <ButtonSpinner />}
          {t("test")}
        </Button>
        <Button size="sm" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          {showLog ? t("hideLog") : t("showLog")}
        </Button>
        <DeleteEndpoint endpoint={endpoint} />
      </div>
      {showLog && <WebhookDeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

/** The signing secret, hidden until asked for, with Copy and Rotate. */
function Secret({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("settings.webhooks");
  const { dateTime } = useDateTimeFormat();
  const rotate = useRotateWebhookSecret();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const copy = () => copyWithToast(endpoint.secret, { copied: t("copied"), failed: t("copyFailed") });
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">{t("secret")}</p>
      <code className="block break-all rounded bg-muted p-2" data-testid="webhook-secret">
        {shown ? endpoint.secret : t("hiddenSecret")}
      </code>
      {endpoint.previousSecretExpiresAt && (
        <p className="text-xs text-muted-foreground">
          {t("previousSecret", { at: dateTime(endpoint.previousSecretExpiresAt) })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" onClick={() => setShown((s) => !s)}>
          {shown ? t("hideSecret") : t("showSecret")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void copy()}>
          {t("copySecret")}
        </Button>
        {confirming ? (
          <>
            <span>{t("rotateConfirm")}</span>
            <Button
              size="sm"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(endpoint.id, {
                  onSuccess: () => setConfirming(false),
                  onError: (error) =>
                    toast({
                      variant: "destructive",
                      title: t("actionFailed"),
                      description: userMessage(error, t("tryAgain")),
                    }),
                })
              }
            >
              {rotate.isPending && <ButtonSpinner />}
              {t("rotate")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t("cancel")}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t("rotate")}
          </Button>
        )}
      </div>
    </div>
  );
}

function DeleteEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("settings.webhooks");
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Button
        size="sm"
        variant="ghost"
        aria-label={t("deleteLabel", { url: endpoint.url })}
        onClick={() => setConfirming(true)}
      >
        {t("delete")}
      </Button>
    );
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm">{t("deleteConfirm")}</span>
      <Button
        size="sm"
        variant="destructive"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(endpoint.id, {
            onError: (error) =>
              toast({
                variant: "destructive",
                title: t("actionFailed"),
                description: userMessage(error, t("tryAgain")),
              }),
          })
        }
      >
        {remove.isPending && <ButtonSpinner />}
        {t("delete")}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        {t("cancel")}
      </Button>
    </div>
  );
}
