import { useRouterState } from "@tanstack/react-router";
import { atom, useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { Spinner } from "@/components/ui/spinner";
import { appStore } from "@/lib/store";

const overlayAtom = atom(false);

/** Shown once an upload is accepted and the server starts transcribing (features/upload). */
export const showProcessingOverlay = () => appStore.set(overlayAtom, true);
export const hideProcessingOverlay = () => appStore.set(overlayAtom, false);

/** A full-screen overlay, dismissed by a click on the backdrop; it also goes away on navigation. */
export function ProcessingOverlay() {
  const t = useTranslations("layout.processing");
  const visible = useAtomValue(overlayAtom, { store: appStore });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    hideProcessingOverlay();
  }, [pathname]);
  if (!visible) return null;
  return (
    <div data-testid="processing-overlay" className="fixed inset-0 z-[90] flex items-center justify-center p-4">
      {/* The backdrop is a button, so dismissing works from the keyboard too. */}
      <button
        type="button"
        aria-label={t("dismiss")}
        onClick={hideProcessingOverlay}
        className="absolute inset-0 cursor-default bg-slate-900/50 backdrop-blur-[1px] focus-visible:outline-none"
      />
      <div
        role="status"
        aria-live="polite"
        className="relative flex max-w-sm flex-col items-center gap-3 rounded-lg bg-card p-6 text-center shadow-xl"
      >
        <Spinner label={t("label")} className="[&>span:first-child]:size-8" />
        <p className="text-lg font-semibold">{t("title")}</p>
        <p className="text-sm text-muted-foreground">{t("body")}</p>
      </div>
    </div>
  );
}
