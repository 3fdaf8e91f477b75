import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { PlusIcon, SettingsIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { type SpaceId, setCurrentSpace, useCurrentSpace } from "../current-space";
import { useWorkspaces } from "../workspaces-api";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";

/**
 * The sidebar's space switcher: Personal and each team (with the caller's role), which the dashboard, the list,
 * search and uploads then work in; a team's settings; "Create workspace".
 */
export function SpaceSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("workspaces");
  const { space } = useCurrentSpace();
  const { data: workspaces = [] } = useWorkspaces();
  const [creating, setCreating] = useState(false);

  const choose = (next: SpaceId) => {
    setCurrentSpace(next);
    onNavigate?.();
  };
  const item = (id: SpaceId, label: string, detail: string | null) => (
    <button
      type="button"
      aria-pressed={space === id}
      onClick={() => choose(id)}
      className={cn(
        "flex min-w-0 flex-1 flex-col items-start rounded-md px-3 py-1.5 text-left text-sm transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        space === id
          ? "bg-accent text-accent-foreground"
          : "text-muted-foreground hover:bg-muted hover:text-foreground",
      )}
    >
      <span className="w-full truncate font-medium">{label}</span>
      {detail && <span className="text-xs">{detail}</span>}
    </button>
  );

  return (
    <section aria-label={t("switcher.label")} className="space-y-1">
      <h2 className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("switcher.title")}
      </h2>
      <ul className="space-y-0.5">
        <li className="flex">{item(null, t("personal"), null)}</li>
        {workspaces.map((workspace) => (
          <li key={workspace.id} className="flex items-center gap-1">
            {item(workspace.id, workspace.name, t(`roles.${workspace.role}`))}
            <Link
              to="/workspaces/$id"
              params={{ id: workspace.id }}
              onClick={onNavigate}
              className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <SettingsIcon className="size-4" />
              <span className="sr-only">{t("switcher.settingsOf", { name: workspace.name })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="w-full justify-start" onClick={() => setCreating(true)}>
        <PlusIcon />
        {t("switcher.create")}
      </Button>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
