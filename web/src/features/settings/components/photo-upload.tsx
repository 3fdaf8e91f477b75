import { PROFILE_IMAGE_TYPES, profileImageProblem } from "@verbatim/shared/profile";
import type { PublicUser } from "@verbatim/shared/user";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { UploadIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { avatarUrl, displayName, initials } from "@/entities/session/user-display";
import { localizeMessage, translate } from "@/lib/i18n";
import { UploadError } from "@/lib/xhr";
import { useUploadProfileImage } from "../api/settings-api";

/** The upload's states: idle, uploading (percent tracked), done or failed. */
type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "done" }
  | { kind: "failed"; message: string };

function uploadFailure(error: unknown) {
  if (error instanceof UploadError) return localizeMessage(error.serverMessage ?? error.message);
  return error instanceof Error ? localizeMessage(error.message) : translate("settings.photo.failed");
}

export function PhotoUpload({ user }: { user: PublicUser }) {
  const t = useTranslations("settings.photo");
  const { userVersion } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  // The chosen file is shown at once, before the upload ends; the stored picture replaces it afterwards.
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadProfileImage((percent) => setState({ kind: "uploading", percent }));

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) still fires a change.
    event.target.value = "";
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      const message = localizeMessage(problem.message);
      setState({ kind: "failed", message });
      toast({ variant: "destructive", title: localizeMessage(problem.title), description: message });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState({ kind: "uploading", percent: 0 });
    try {
      await upload.mutateAsync(file);
      setPreview(null);
      setState({ kind: "done" });
      toast({ title: t("updated"), description: t("updatedBody") });
    } catch (error) {
      setPreview(null);
      const message = uploadFailure(error);
      setState({ kind: "failed", message });
      toast({ variant: "destructive", title: t("uploadFailed"), description: message });
    }
  };

  const uploading = state.kind === "uploading";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 md:flex-row md:items-center">
        <Avatar src={preview ?? avatarUrl(user, userVersion)} initials={initials(user)} name={displayName(user)} />
        <div className="flex-1 space-y-3">
          <input
            ref={input}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(",")}
            onChange={choose}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="profile-image-input"
          />
          <Button
            variant="outline"
            disabled={uploading}
            onClick={() => input.current?.click()}
            className="w-full md:w-auto"
          >
            <UploadIcon />
            {uploading ? t("uploading") : t("upload")}
          </Button>
          <div aria-live="polite" className="space-y-2 text-sm">
            {state.kind === "uploading" && (
              <>
                <Progress value={state.percent} label={t("progress")} />
                <p className="text-muted-foreground">{t("uploadingPercent", { percent: state.percent / 100 })}</p>
              </>
            )}
            {state.kind === "done" && <p className="text-success">{t("done")}</p>}
            {state.kind === "failed" && (
              <p role="alert" className="text-destructive">
                {state.message}
              </p>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** The picture, else the Google picture, else initials; a picture that fails to load is dropped. */
function Avatar({ src, initials: letters, name }: { src: string | null; initials: string; name: string }) {
  const t = useTranslations("settings.photo");
  const [broken, setBroken] = useState<string | null>(null);
  const usable = src && src !== broken ? src : null;
  return (
    <span className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-2xl font-semibold text-primary-foreground">
      {usable ? (
        <img src={usable} alt={name} className="size-full object-cover" onError={() => setBroken(usable)} />
      ) : (
        <span role="img" aria-label={t("initials", { name })}>
          {letters}
        </span>
      )}
    </span>
  );
}
