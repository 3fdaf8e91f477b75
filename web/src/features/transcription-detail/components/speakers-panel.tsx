import type { TranscriptDoc } from "@verbatim/shared/transcript";
import type { SpeakerSuggestion } from "@verbatim/shared/transcript-edit";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { ChevronDownIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast";
import { speakersOf } from "@/entities/transcription/speakers";
import { useHeardVoices, useRememberVoice } from "@/entities/voices/voices-api";
import { ApiError, userMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useReloadSpeakers, useRenameSpeakers, useSpeakerSuggestions } from "../api/speakers-api";
import { toggleSpeaker, useSpeakerFilter } from "../lib/speaker-filter";
import type { TimedLine } from "../lib/timed-lines";
import { SpeakerRow } from "./speaker-row";
import { SpeakerSuggestions } from "./speaker-suggestions";

const suggestionKey = (s: SpeakerSuggestion) => `${s.speaker}\u0000${s.name}`;

/**
 * Who speaks in the recording: filter the transcript by speaker, rename diarized speakers ("Speaker 1" →
 * "Dana", everywhere at once), accept or dismiss names heard in self-introductions, and read why speakers are
 * missing when recognition was asked for but did not happen. Transcripts without diarization that carry
 * "Name:" labels can still be filtered by them.
 */
export function SpeakersPanel({
  transcriptionId,
  doc,
  lines,
  version,
  editable,
}: {
  transcriptionId: string;
  doc: TranscriptDoc | null | undefined;
  lines: TimedLine[];
  /** The row's transcript_version, for docs stored before docs carried their own. */
  version: number;
  /** False while the recording is processed, offline, or the doc not yet re-read: names cannot be saved then. */
  editable: boolean;
}) {
  const t = useTranslations("detail.speakers");
  const speakers = speakersOf(doc);
  const diarized = speakers.length > 0;
  // "Name:" labels only once the timed transcript is known to have no speakers: while it loads, the lines come
  // from the text, whose labels are the diarized speakers' names, and a filter picked then would match nothing.
  const ids = useMemo(() => {
    if (diarized) return speakers.map((s) => s.id);
    if (doc === undefined) return [];
    return [...new Set(lines.flatMap((l) => (l.speaker ? [l.speaker] : [])))];
  }, [diarized, speakers, doc, lines]);
  const [filter, setFilter] = useSpeakerFilter(transcriptionId);
  // A speaker that is gone (a reprocess, a save that merged speakers) leaves the filter, or it would hide all.
  useEffect(() => {
    if (doc === undefined) return;
    const kept = filter.filter((speaker) => ids.includes(speaker));
    if (kept.length !== filter.length) setFilter(kept);
  }, [doc, filter, ids, setFilter]);
  const baseVersion = doc?.version ?? version;
  const rename = useRenameSpeakers(transcriptionId);
  const reload = useReloadSpeakers(transcriptionId);
  const [conflict, setConflict] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  // On a phone the panel starts collapsed to its title, so the transcript is on the first screen.
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const open = !phone || expanded;
  const contentId = useId();
  const suggestions = useSpeakerSuggestions(transcriptionId, baseVersion, diarized && editable);
  const heard = useHeardVoices(transcriptionId, diarized && editable);
  const remember = useRememberVoice();

  const note = doc?.diarization && doc.diarization.state !== "done" ? doc.diarization : null;
  if (ids.length === 0 && !note) return null;

  const saveNames = async (names: Record<string, string | null>): Promise<boolean> => {
    try {
      await rename.mutateAsync({ baseVersion, names });
      setConflict(false);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else
        toast({
          variant: "destructive",
          title: t("renameFailed"),
          description: userMessage(error, t("tryAgain")),
        });
      return false;
    }
  };

  // A named speaker whose voice was kept can be remembered, so later recordings name them.
  const voiceOf = (id: string) => {
    const kept = heard.data?.speakers.find((s) => s.speakerId === id);
    const name = speakers.find((s) => s.id === id)?.name;
    if (!kept || !name || !editable) return undefined;
    return {
      remembered: kept.voiceId !== null,
      remembering: remember.isPending && remember.variables?.speakerId === id,
      onRemember: () =>
        remember.mutate(
          { transcriptionId, speakerId: id, name },
          {
            onSuccess: () => toast({ title: t("rememberedTitle"), description: t("rememberedBody", { name }) }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: t("rememberFailed"),
                description: userMessage(error, t("tryAgain")),
              }),
          },
        ),
    };
  };

  const offered = (suggestions.data?.suggestions ?? []).filter(
    (s) => !dismissed.has(suggestionKey(s)) && speakers.find((sp) => sp.id === s.speaker)?.name !== s.name,
  );

  return (
    <Card>
      <CardHeader className={cn(phone && "p-3", phone && open && "pb-0")}>
        <CardTitle>
          {phone ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => setExpanded(!expanded)}
              className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t("title")}
              <ChevronDownIcon className={cn("size-5 shrink-0 transition-transform", open && "rotate-180")} />
            </button>
          ) : (
            t("title")
          )}
        </CardTitle>
        {open && ids.length > 0 && (
          <CardDescription>{diarized ? t("descriptionRename") : t("description")}</CardDescription>
        )}
      </CardHeader>
      <CardContent id={contentId} hidden={!open} className={cn("space-y-4", phone && "p-3")}>
        {note && (
          <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            {note.message ?? (note.state === "failed" ? t("recognitionFailed") : t("recognitionUnavailable"))}
          </p>
        )}
        {conflict && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-md border border-amber-500/50 bg-amber-100 p-3 text-sm text-amber-900 md:flex-row md:items-center dark:bg-amber-950 dark:text-amber-200"
          >
            <p className="flex-1">{t("conflict")}</p>
            <Button size="sm" variant="outline" onClick={() => void reload().then(() => setConflict(false))}>
              {t("reload")}
            </Button>
          </div>
        )}
        {ids.length > 0 && (
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label={t("title")}>
            {ids.map((id) => (
              <SpeakerRow
                key={id}
                speaker={id}
                speakers={speakers}
                renamable={diarized && editable}
                filtered={filter.includes(id)}
                onToggle={() => setFilter(toggleSpeaker(filter, id))}
                saving={rename.isPending}
                onRename={(name) => saveNames({ [id]: name })}
                voice={voiceOf(id)}
              />
            ))}
          </ul>
        )}
        {filter.length > 0 && (
          <Button size="sm" variant="outline" onClick={() => setFilter([])}>
            {t("showAll")}
          </Button>
        )}
        {editable && (
          <SpeakerSuggestions
            suggestions={offered}
            speakers={speakers}
            saving={rename.isPending}
            onAccept={(s) => void saveNames({ [s.speaker]: s.name })}
            onDismiss={(s) => setDismissed((d) => new Set(d).add(suggestionKey(s)))}
          />
        )}
      </CardContent>
    </Card>
  );
}
