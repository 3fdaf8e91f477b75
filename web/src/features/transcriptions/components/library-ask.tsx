import { Link } from "@tanstack/react-router";
import { citedPassage } from "@verbatim/shared/ask";
import { markerTime } from "@verbatim/shared/time-marker";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CITATION_CLASS } from "@/entities/ask/answer-text";
import { AskPanel } from "@/entities/ask/ask-panel";
import { useCurrentSpace } from "@/entities/workspace/current-space";
import { useOnline } from "@/lib/use-online";
import { offlineLibraryAnswer, useLibraryAnswers, useLibraryAsk } from "../api/library-ask-api";

/**
 * "Ask my library" on the dashboard: a question across the current space's transcriptions. Closed until opened,
 * so the list's page asks nothing more of the server. A citation opens its transcription at that moment.
 */
export function LibraryAsk() {
  const t = useTranslations("transcriptions.libraryAsk");
  const [open, setOpen] = useState(false);
  const { space } = useCurrentSpace();
  const online = useOnline();
  const answers = useLibraryAnswers(space, open && online);
  const ask = useLibraryAsk(space);
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t("close") : t("open")}
        </Button>
      </div>
      {open && (
        <AskPanel
          // A new space starts with an empty box and its own answers.
          key={space ?? "personal"}
          texts={{ label: t("label"), placeholder: t("placeholder"), notFound: t("notFound") }}
          answers={answers}
          ask={ask}
          answerOffline={(question) => offlineLibraryAnswer(space, question)}
          online={online}
          cite={(seconds, passages) => {
            const meeting = citedPassage(passages, seconds)?.meeting;
            if (!meeting) return null;
            const time = markerTime(seconds);
            return (
              <Link
                to="/transcription/$id"
                params={{ id: meeting.id }}
                search={{ t: seconds }}
                className={CITATION_CLASS}
                title={meeting.title}
                aria-label={t("openAt", { title: meeting.title, time })}
              >
                [{time}]
              </Link>
            );
          }}
        />
      )}
    </Card>
  );
}
