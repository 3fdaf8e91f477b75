import { SHARE_LINK_LIFETIMES, type ShareLink } from "@verbatim/shared/share-links";
import { type FormEvent, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { copyWithToast } from "@/components/copy-text";
import { QueryList } from "@/components/query-list";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from "../api/share-api";

interface ShareDialogProps {
  transcriptionId: string;
  /** The caller's role allows making (and revoking) links; a viewer only sees the list. */
  canCreate: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Share": read-only links to this transcription for people without an account. A new link's address is shown once,
 * to copy (the server keeps only its hash); the list shows each link's options, expiry and views, and revokes it.
 */
export function ShareDialog({ transcriptionId, canCreate, open, onOpenChange }: ShareDialogProps) {
  const t = useTranslations("detail.share");
  const links = useShareLinks(transcriptionId, open);
  const [address, setAddress] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setAddress(null);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("title")}
      description={t("description")}
      footer={
        <Button variant="outline" onClick={() => close(false)}>
          {t("close")}
        </Button>
      }
    >
      <div className="space-y-5">
        {address ? (
          <NewLink address={address} />
        ) : (
          canCreate && (
            <CreateLinkForm
              transcriptionId={transcriptionId}
              onCreated={(path) => setAddress(new URL(path, location.origin).href)}
            />
          )
        )}
        <QueryList
          query={links}
          items={(data) => data.links}
          label={t("listLabel")}
          empty={t("empty")}
          loadFailed={t("loadFailed")}
        >
          {(link) => <LinkRow key={link.id} transcriptionId={transcriptionId} link={link} canRevoke={canCreate} />}
        </QueryList>
      </div>
    </Dialog>
  );
}

function NewLink({ address }: { address: string }) {
  const t = useTranslations("detail.share");
  const copy = () => copyWithToast(address, { copied: t("copied"), failed: t("copyFailed") });
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-accent p-3">
      <p className="text-sm">{t("createdBody")}</p>
      <code className="block break-all rounded bg-background p-2 text-sm" data-testid="share-address">
        {address}
      </code>
      <Button size="sm" onClick={() => void copy()}>
        {t("copy")}
      </Button>
    </div>
  );
}

function CreateLinkForm({
  transcriptionId,
  onCreated,
}: {
  transcriptionId: string;
  onCreated: (path: string) => void;
}) {
  const t = useTranslations("detail.share");
  const create = useCreateShareLink(transcriptionId);
  const [includeRecording, setIncludeRecording] = useState(true);
  const [includeSummary, setIncludeSummary] = useState(true);
  const [lifetime, setLifetime] = useState("7");
  const ids = { recording: useId(), summary: useId(), lifetime: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = lifetime === "never" ? null : (Number(lifetime) as (typeof SHARE_LINK_LIFETIMES)[number]);
    create.mutate(
      { includeRecording, includeSummary, expiresInDays: days },
      {
        onSuccess: (made) => onCreated(made.path),
        onError: (error) =>
          toast({ variant: "destructive", title: t("createFailed"), description: userMessage(error, t("tryAgain")) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t("createLabel")}>
      <div className="flex items-center gap-2 text-sm">
        <Checkbox
          id={ids.recording}
          checked={includeRecording}
          onChange={(e) => setIncludeRecording(e.target.checked)}
        />
        <label htmlFor={ids.recording}>{t("includeRecording")}</label>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Checkbox id={ids.summary} checked={includeSummary} onChange={(e) => setIncludeSummary(e.target.checked)} />
        <label htmlFor={ids.summary}>{t("includeSummary")}</label>
      </div>
      <div className="space-y-1">
        <Label htmlFor={ids.lifetime}>{t("expires")}</Label>
        <Select id={ids.lifetime} value={lifetime} onChange={(e) => setLifetime(e.target.value)}>
          {SHARE_LINK_LIFETIMES.map((days) => (
            <option key={days} value={String(days)}>
              {t("days", { count: days })}
            </option>
          ))}
          <option value="never">{t("never")}</option>
        </Select>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending && <ButtonSpinner />}
        {t("create")}
      </Button>
    </form>
  );
}

function LinkRow({
  transcriptionId,
  link,
  canRevoke,
}: {
  transcriptionId: string;
  link: ShareLink;
  canRevoke: boolean;
}) {
  const t = useTranslations("detail.share");
  const { dateTime } = useDateTimeFormat();
  const revoke = useRevokeShareLink(transcriptionId);
  const shows = [
    t("showsTranscript"),
    link.includeRecording && t("showsRecording"),
    link.includeSummary && t("showsSummary"),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="font-medium">{shows}</p>
        <p className="text-xs text-muted-foreground">
          {t("createdAt", { at: dateTime(link.createdAt) })} ·{" "}
          {link.expiresAt ? t("expiresAt", { at: dateTime(link.expiresAt) }) : t("noExpiry")} ·{" "}
          {t("views", { count: link.viewCount })}
        </p>
      </div>
      {canRevoke && (
        <Button
          size="sm"
          variant="destructive"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(link.id, {
              onSuccess: () => toast({ title: t("revoked") }),
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: t("revokeFailed"),
                  description: userMessage(error, t("tryAgain")),
                }),
            })
          }
        >
          {t("revoke")}
        </Button>
      )}
    </li>
  );
}
