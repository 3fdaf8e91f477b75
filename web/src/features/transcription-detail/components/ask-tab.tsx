import { ASK_MAX_QUESTION, type AskAnswer, type AskEvent, extractiveAnswer } from "@verbatim/shared/ask";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { userMessage } from "@/lib/api";
import { useAnswers, useAsk } from "../api/ask-api";
import { offlinePassages } from "../lib/ask-offline";
import type { TimedLine } from "../lib/timed-lines";
import { AnswerText } from "./ask-answer";

interface AskTabProps {
  transcriptionId: string;
  /** The transcript as shown (offline, the device library's copy): what an offline answer quotes. */
  lines: TimedLine[];
  onSeek?: ((seconds: number) => void) | undefined;
  online: boolean;
}

/** An answer on screen: as it streams (`text`), then as kept; `offline` when quoted on this device. */
interface Shown {
  question: string;
  text: string;
  answer: Pick<AskAnswer, "mode" | "fallback"> | null;
  offline: boolean;
  error: string | null;
}

/**
 * "Ask this meeting": a question answered from the transcript's own lines with `[mm:ss]` citations that play the
 * recording. Online the server answers (a language model, else quoting the lines) and keeps each answer; offline
 * the lines are found and quoted on this device.
 */
export function AskTab({ transcriptionId, lines, onSeek, online }: AskTabProps) {
  const t = useTranslations("detail.ask");
  const answers = useAnswers(transcriptionId, online);
  const ask = useAsk(transcriptionId);
  const [question, setQuestion] = useState("");
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState(false);
  const running = useRef<AbortController | null>(null);
  const id = useId();
  // Leaving the page stops the answer being written.
  useEffect(() => () => running.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = question.trim();
    if (!q) return;
    if (!online) {
      const passages = offlinePassages(lines, q);
      const found = passages.length > 0;
      setShown({
        question: q,
        text: found ? extractiveAnswer(passages) : "",
        answer: { mode: found ? "extractive" : "not-found", fallback: null },
        offline: true,
        error: null,
      });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setAsking(true);
    setShown({ question: q, text: "", answer: null, offline: false, error: null });
    const onEvent = (e: AskEvent) => {
      if (e.type === "delta") setShown((now) => now && { ...now, text: now.text + e.text });
      if (e.type === "done") setShown((now) => now && { ...now, text: e.answer.answer, answer: e.answer });
    };
    try {
      if (await ask(q, onEvent, controller.signal)) setQuestion("");
      else setShown((now) => now && { ...now, error: t("failed") });
    } catch (error) {
      if (!controller.signal.aborted) setShown((now) => now && { ...now, error: userMessage(error, t("failed")) });
    } finally {
      if (running.current === controller) setAsking(false);
    }
  };

  const kept = (answers.data?.answers ?? []).filter((a) => a.question !== shown?.question || shown.offline);
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-2" aria-label={t("label")}>
        <label htmlFor={id} className="block text-sm font-medium">
          {t("label")}
        </label>
        <Textarea
          id={id}
          value={question}
          maxLength={ASK_MAX_QUESTION}
          rows={2}
          placeholder={t("placeholder")}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={asking || !question.trim()}>
          {asking ? t("asking") : t("submit")}
        </Button>
      </form>
      {shown && (
        <section aria-label={t("answerLabel")} aria-live="polite" className="space-y-1 rounded-md border p-3">
          <p className="text-sm font-medium">{shown.question}</p>
          {shown.error ? (
            <p role="alert" className="text-sm text-destructive">
              {shown.error}
            </p>
          ) : (
            <AnswerView text={shown.text} answer={shown.answer} offline={shown.offline} onSeek={onSeek} />
          )}
        </section>
      )}
      {online &&
        (answers.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : answers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {userMessage(answers.error, t("loadFailed"))}
          </p>
        ) : (
          kept.length > 0 && (
            <section aria-label={t("kept")} className="space-y-3">
              <h3 className="text-sm font-medium">{t("kept")}</h3>
              <ul className="space-y-3">
                {kept.map((a) => (
                  <li key={a.question} className="space-y-1 rounded-md border p-3">
                    <p className="text-sm font-medium">{a.question}</p>
                    <AnswerView text={a.answer} answer={a} offline={false} onSeek={onSeek} />
                  </li>
                ))}
              </ul>
            </section>
          )
        ))}
    </div>
  );
}

/** The answer's text, or the not-found message, and how it was written when it is quoted. */
function AnswerView({
  text,
  answer,
  offline,
  onSeek,
}: Pick<Shown, "text" | "answer" | "offline"> & { onSeek?: ((seconds: number) => void) | undefined }) {
  const t = useTranslations("detail.ask");
  if (answer?.mode === "not-found") return <p className="text-sm">{t("notFound")}</p>;
  const why = offline ? t("offline") : answer?.fallback === "model-failed" ? t("modelFailed") : t("noModel");
  return (
    <>
      {text ? <AnswerText text={text} onSeek={onSeek} /> : <Skeleton className="h-5 w-2/3" />}
      {answer?.mode === "extractive" && <p className="text-xs text-muted-foreground">{t("extractive", { why })}</p>}
    </>
  );
}
