import { useNavigate } from "@tanstack/react-router";
import { FREE_PLAN } from "@verbatim/shared/subscription";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { showProcessingOverlay } from "@/components/layout/processing-overlay";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Select } from "@/components/ui/select";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { PlanUsage } from "@/entities/subscription/plan-usage";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { usePreferences } from "@/entities/user/preferences";
import { SpaceSelect } from "@/entities/workspace/components/space-select";
import { type SpaceId, useCurrentSpace } from "@/entities/workspace/current-space";
import { useSpacePlan } from "@/entities/workspace/space-plan";
import { useUploadSpaces } from "@/entities/workspace/upload-spaces";
import { localizeMessage } from "@/lib/i18n";
import { useOnline } from "@/lib/use-online";
import { useRememberSpeakerChoice } from "../api/speaker-defaults";
import { useInterruptedUploads } from "../hooks/use-interrupted-uploads";
import { useSpeakerChoice } from "../hooks/use-speaker-choice";
import { spokenLanguageOptions } from "../lib/languages";
import { overLength } from "../lib/media-duration";
import { abortUpload, addFiles, clearAccepted, removeUpload, retryUpload, startUploads } from "../lib/upload-manager";
import { isSending, useUploads } from "../lib/upload-store";
import {
  fileProblem,
  isLargeFile,
  isVideo,
  keepsVideo,
  MAX_FILES_PER_BATCH,
  worthCompressing,
} from "../lib/validation";
import { Dropzone } from "./dropzone";
import { InterruptedUploads } from "./interrupted-uploads";
import { UpgradeWay } from "./upgrade-way";
import { UploadRow } from "./upload-row";

/** The pause on the success message before going to the list. */
const REDIRECT_MS = 1500;

/** What a share to the app brought: the recordings queued below, and files left out for not being recordings. */
function SharedNotice({ shared, refused }: { shared: number; refused: number }) {
  const t = useTranslations("upload.shared");
  return (
    <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
      {shared > 0 && t("queued", { count: shared })}
      {shared > 0 && refused > 0 && " "}
      {refused > 0 && t("refused", { count: refused })}
    </p>
  );
}

interface UploadPageProps {
  /** After a share to the app: how many files it queued and left out (the route's search). */
  shared?: number;
  refused?: number;
}

/** /upload: the upload screen, several files at once, each with its own progress. */
export function UploadPage({ shared, refused }: UploadPageProps) {
  const t = useTranslations("upload");
  const { user } = useAuth();
  const navigate = useNavigate();
  const online = useOnline();
  const items = useUploads();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [compress, setCompress] = useState(true);
  const compressId = useId();
  const [language, setLanguage] = useState("");
  const languageId = useId();
  const preferences = usePreferences({ staleTime: 0 }).data;
  const settingsLanguage = preferences?.general.language;
  const [speakers, setSpeakers] = useSpeakerChoice(preferences?.general);
  const rememberSpeakers = useRememberSpeakerChoice();
  const interrupted = useInterruptedUploads(user?.id);
  // Where the files go: the current space when the caller may upload there, else personal, until chosen here.
  const spaces = useUploadSpaces();
  const current = useCurrentSpace().space;
  const [chosenSpace, setChosenSpace] = useState<SpaceId | undefined>(undefined);
  const space = chosenSpace !== undefined ? chosenSpace : spaces.some((s) => s.id === current) ? current : null;

  // Files accepted while the user was elsewhere are already in the list; this screen starts fresh.
  useEffect(() => {
    clearAccepted();
    return clearAccepted;
  }, []);

  // The limits of the chosen space's plan (a team's is its owner's, with its own count), shown before a submit
  // that would pass them: the server refuses it otherwise.
  const plan = useSpacePlan(space);
  const usage = plan?.usage;
  const left = usage && usage.limit !== null ? Math.max(0, usage.limit - usage.used) : null;
  const maxSeconds = usage && usage.limit !== null ? FREE_PLAN.maxMinutesPerTranscription * 60 : null;
  const tooLong = items.filter((i) => i.status === "idle" && overLength(i.duration, maxSeconds));
  const toSend = items.filter((i) => (i.status === "idle" || i.status === "error") && !tooLong.includes(i));
  const overQuota = left !== null && toSend.length > left;

  const sending = items.some(isSending);
  const sendable = toSend.length > 0 && !overQuota;
  const done = items.length > 0 && items.every((i) => i.status === "processing");
  const queued = items.some((i) => i.status === "queued");

  useEffect(() => {
    if (!done) return;
    showProcessingOverlay();
    const timer = setTimeout(() => void navigate({ to: "/" }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const choose = (files: File[]) => {
    setInlineError(null);
    const room = MAX_FILES_PER_BATCH - items.length;
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const found = fileProblem(file);
      const problem = found && localizeMessage(found);
      if (problem) problems.push(files.length > 1 ? `${file.name}: ${problem}` : problem);
      else if (accepted.length >= room)
        problems.push(`${file.name}: ${t("tooManyFiles", { max: MAX_FILES_PER_BATCH })}`);
      else accepted.push(file);
    }
    addFiles(accepted);
    if (accepted.some((f) => isLargeFile(f.size))) {
      toast({ title: t("largeFile"), description: t("largeFileBody") });
    }
    if (problems.length > 0) {
      // An inline error, the invalid selection cleared, and a destructive toast.
      setInlineError(problems.join("\n"));
      toast({ variant: "destructive", title: t("invalidFile"), description: problems[0] });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (items.length === 0) {
      setInlineError(t("noFile"));
      return;
    }
    if (!sendable) return;
    setInlineError(null);
    void startUploads(user.id, {
      compress,
      language: language || null,
      speakers,
      space,
      skip: tooLong.map((i) => i.key),
    });
    rememberSpeakers(speakers);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
        {plan && <PlanUsage usage={plan.usage} upgradeLink team={plan.team} askOwner={plan.askOwner} />}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("files")}</CardTitle>
          <CardDescription>{t("filesDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("formLabel")}>
            {shared !== undefined && <SharedNotice shared={shared} refused={refused ?? 0} />}
            {!online && (
              <p
                role="status"
                className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              >
                {t("offline")}
              </p>
            )}
            <InterruptedUploads
              rows={interrupted.rows}
              online={online}
              onContinue={(row) => void interrupted.resume(row)}
              onDiscard={(row) => void interrupted.discard(row)}
            />
            <Dropzone onFiles={choose} disabled={sending || done} />

            {inlineError && (
              <p role="alert" data-testid="upload-error" className="whitespace-pre-line text-sm text-destructive">
                {inlineError}
              </p>
            )}

            {items.length > 0 && (
              <ul className="space-y-3" aria-label={t("selectedFiles")}>
                {items.map((item) => (
                  <UploadRow
                    key={item.key}
                    item={item}
                    maxSeconds={maxSeconds}
                    askOwner={plan?.askOwner ?? null}
                    onRemove={() => removeUpload(item.key)}
                    onAbort={() => abortUpload(item.key)}
                    onRetry={() => void retryUpload(item.key)}
                  />
                ))}
              </ul>
            )}

            {items.some((i) => (i.status === "idle" || i.status === "error") && worthCompressing(i)) && (
              <label htmlFor={compressId} className="flex items-start gap-3 rounded-md border p-3 text-sm">
                <Checkbox
                  id={compressId}
                  className="mt-0.5"
                  checked={compress}
                  onChange={(e) => setCompress(e.target.checked)}
                />
                <span>
                  <span className="block font-medium">{t("compress")}</span>
                  <span className="block text-muted-foreground">{t("compressHint")}</span>
                  {/* Said before anything is compressed: such a video would lose its picture. */}
                  {compress &&
                    items.some(
                      (i) => (i.status === "idle" || i.status === "error") && isVideo(i) && !keepsVideo(i),
                    ) && (
                      <span className="mt-1 block font-medium text-destructive" data-testid="video-audio-only">
                        {t("videoAudioOnly")}
                      </span>
                    )}
                </span>
              </label>
            )}

            {items.some((i) => i.status === "idle" || i.status === "error") && (
              <div className="space-y-1.5 text-sm">
                <label htmlFor={languageId} className="block font-medium">
                  {t("spokenLanguage")}
                </label>
                <Select id={languageId} value={language} onChange={(e) => setLanguage(e.target.value)}>
                  <option value="">{t("detectLanguage")}</option>
                  {spokenLanguageOptions(settingsLanguage).map((o) => (
                    <option key={o.code} value={o.code}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              </div>
            )}

            {items.some((i) => i.status === "idle" || i.status === "error") && (
              <SpeakerRecognitionField value={speakers} onChange={setSpeakers} />
            )}

            <SpaceSelect
              label={t("space")}
              spaces={spaces}
              value={space}
              onValueChange={setChosenSpace}
              disabled={sending || done}
            />

            {queued && online && <p className="text-sm text-muted-foreground">{t("backOnline")}</p>}

            {(overQuota || tooLong.length > 0) && left !== null && (
              <p
                role="status"
                data-testid="plan-limits"
                className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              >
                {overQuota &&
                  (left === 0
                    ? t("limits.noneLeft", { limit: usage?.limit ?? 0 })
                    : t("limits.fewLeft", { count: toSend.length, left }))}
                {overQuota && tooLong.length > 0 && " "}
                {tooLong.length > 0 &&
                  t("limits.tooLong", { count: tooLong.length, minutes: FREE_PLAN.maxMinutesPerTranscription })}{" "}
                <UpgradeWay askOwner={plan?.askOwner ?? null} label={t("limits.upgrade")} />
              </p>
            )}

            {done && (
              <p role="status" className="font-medium text-success">
                {t("done")}
              </p>
            )}

            <div className="flex flex-col gap-2 md:flex-row md:justify-end">
              <Button variant="outline" disabled={sending || done} onClick={() => void navigate({ to: "/" })}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={!sendable || sending || done}>
                {sending && <ButtonSpinner />}
                {t("submit")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
