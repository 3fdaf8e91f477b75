import type { UseQueryResult } from "@tanstack/react-query";
import {
  ASK_MAX_QUESTION,
  type AskAnswer,
  type AskAnswerList,
  type AskEvent,
  type AskPassage,
  extractiveAnswer,
} from "@verbatim/shared/ask";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { userMessage } from "@/lib/api";
import { AnswerText } from "./answer-text";
import type { Asker } from "./ask-stream";

/** An answer on screen: as it streams (`text`), then as kept; `offline` when quoted on this device. */
interface Shown {
  question: string;
  text: string;
  passages: AskPassage[];
  answer: Pick<AskAnswer, "mode" | "fallback"> | null;
  offline: boolean;
  error: string | null;
}

export interface AskPanelProps {
  /** The box's label and example, and what "nothing found" says, in the interface's language. */
  texts: { label: string; placeholder: string; notFound: string };
  /** The kept answers (not asked for offline). */
  answers: UseQueryResult<AskAnswerList>;
  ask: Asker;
  /** Offline: the passages found on this device. */
  answerOffline: (question: string) => Promise<AskPassage[]> | AskPassage[];
  online: boolean;
  /** Draws a citation of an answer, given the passages it was written from. */
  cite: (seconds: number, passages: AskPassage[]) => ReactNode;
}

/**
 * A question box answered with `[mm:ss]` citations: online the server answers (a language model, else quoting the
 * lines) and keeps each answer; offline the lines are found and quoted on this device. "Ask this meeting" and
 * "Ask my library" differ only in where the lines come from and what a citation opens.
 */
export function AskPanel({ texts, answers, ask, answerOffline, online, cite }: AskPanelProps) {
  const t = useTranslations("ask");
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
      const passages = await answerOffline(q);
      const found = passages.length > 0;
      setShown({
        question: q,
        text: found ? extractiveAnswer(passages) : "",
        passages,
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
    setShown({ question: q, text: "", passages: [], answer: null, offline: false, error: null });
    const onEvent = (e: AskEvent) => {
      if (e.type === "passages") setShown((now) => now && { ...now, passages: e.passages });
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
  const view = (s: Pick<Shown, "text" | "answer" | "offline" | "passages">) => (
    <AnswerView {...s} notFound={texts.notFound} cite={(seconds) => cite(seconds, s.passages)} />
  );
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-2" aria-label={texts.label}>
        <label htmlFor={id} className="block text-sm font-medium">
          {texts.label}
        </label>
        <Textarea
          id={id}
          value={question}
          maxLength={ASK_MAX_QUESTION}
          rows={2}
          placeholder={texts.placeholder}
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
            view(shown)
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
                    {view({ text: a.answer, answer: a, offline: false, passages: a.passages })}
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
  notFound,
  cite,
}: Pick<Shown, "text" | "answer" | "offline"> & { notFound: string; cite: (seconds: number) => ReactNode }) {
  const t = useTranslations("ask");
  if (answer?.mode === "not-found") return <p className="text-sm">{notFound}</p>;
  const why = offline ? t("offline") : answer?.fallback === "model-failed" ? t("modelFailed") : t("noModel");
  return (
    <>
      {text ? <AnswerText text={text} cite={cite} /> : <Skeleton className="h-5 w-2/3" />}
      {answer?.mode === "extractive" && <p className="text-xs text-muted-foreground">{t("extractive", { why })}</p>}
    </>
  );
}
