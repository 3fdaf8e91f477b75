import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { useAuth } from "@/entities/session/use-auth";
import { avatarUrl, displayName, initials } from "@/entities/session/user-display";
import { cn } from "@/lib/cn";
import { useOnline } from "@/lib/use-online";
import { LogOutIcon, UserIcon } from "./icons";

/** Settings opens on the tab saved under this key. */
export const SETTINGS_TAB_KEY = "settingsTab";

export function UserMenu() {
  const t = useTranslations("layout.userMenu");
  const { user, userVersion, logout, isLoggingOut } = useAuth();
  const navigate = useNavigate();
  const online = useOnline();
  if (!user) return null;
  const name = displayName(user);

  return (
    <DropdownMenu
      label={t("label")}
      triggerClassName="flex items-center gap-2 p-1 hover:bg-muted"
      trigger={
        <>
          <span className="relative">
            <Avatar src={avatarUrl(user, userVersion)} initials={initials(user)} />
            {/* The connection, as the Offline badge beside it says: green online, grey offline. */}
            <span
              aria-hidden="true"
              data-testid="connection-dot"
              data-online={online}
              className={cn(
                "absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-background",
                online ? "bg-green-500" : "bg-muted-foreground",
              )}
            />
          </span>
          {/* The button's accessible name is its text: "Account menu for <name>", the prefix for screen readers
              only, the name visible from 640 px. */}
          <span className="sr-only">{t("menuFor")} </span>
          <span className="sr-only max-w-40 truncate text-sm font-medium sm:not-sr-only">{name}</span>
        </>
      }
      header={
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
      }
    >
      <DropdownMenuSeparator />
      <DropdownMenuItem
        onSelect={() => {
          localStorage.setItem(SETTINGS_TAB_KEY, "profile");
          void navigate({ to: "/settings" });
        }}
      >
        <UserIcon />
        {t("profile")}
      </DropdownMenuItem>
      <DropdownMenuItem keepOpen disabled={isLoggingOut} onSelect={() => void logout().catch(() => undefined)}>
        <LogOutIcon />
        {isLoggingOut ? t("loggingOut") : t("logOut")}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

/** The picture, or the initials when there is none or it fails to load. */
function Avatar({ src, initials: letters }: { src: string | null; initials: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  return (
    <span className="flex size-8 items-center justify-center overflow-hidden rounded-full bg-primary text-xs font-semibold text-primary-foreground">
      {usable ? (
        <img src={usable} alt="" className="size-full object-cover" onError={() => setFailed(usable)} />
      ) : (
        <span aria-hidden="true">{letters}</span>
      )}
    </span>
  );
}
