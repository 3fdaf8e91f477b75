import { type ReactNode, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/entities/session/use-auth";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";
import { usePreferences } from "@/entities/user/preferences";
import { userMessage } from "@/lib/api";
import { useOnline } from "@/lib/use-online";
import { clearRequestedTab, requestedTab, SETTINGS_TABS, type SettingsTab } from "../lib/tabs";
import { AccountTab } from "./account-tab";
import { AiTab } from "./ai-tab";
import { ApiTab } from "./api-tab";
import { GeneralTab } from "./general-tab";
import { NotificationsTab } from "./notifications-tab";
import { ProfileTab } from "./profile-tab";
import { TimezoneTab } from "./timezone-tab";
import { VoicesTab } from "./voices-tab";

/** /settings: the settings screen (docs/deviations-from-the-spec.md, "Settings are saved"). */
export function SettingsPage() {
  const t = useTranslations("settings");
  const { user } = useAuth();
  useAuthErrorToast();
  const preferences = usePreferences();
  const online = useOnline();
  const [tab, setTab] = useState<SettingsTab>(requestedTab);
  useEffect(clearRequestedTab, []);

  // The forms start from what the server has now, not from the app's cached copy (which may predate a
  // change made on another device, or a save just before a reload): re-read once on opening. Offline, or
  // if that fails, the cached copy is better than nothing.
  const { refetch } = preferences;
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const current = preferences.isFetchedAfterMount || !online || preferences.isError;

  if (!user) return null;
  const prefs = current ? preferences.data : undefined;

  const preferencesTab = (render: (p: NonNullable<typeof prefs>) => ReactNode) => {
    if (prefs) return render(prefs);
    if (preferences.isError && current) {
      return (
        <Card role="alert" className="space-y-3 p-6">
          <p className="font-semibold text-destructive">{t("loadFailed")}</p>
          <p className="text-sm text-muted-foreground">{userMessage(preferences.error, t("unknownError"))}</p>
          <Button variant="outline" onClick={() => void preferences.refetch()}>
            {t("tryAgain")}
          </Button>
        </Card>
      );
    }
    return (
      <Card className="space-y-4 p-6" aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <span className="sr-only">{t("loading")}</span>
      </Card>
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as SettingsTab)}>
        <TabsList label={t("sections")} className="w-full md:w-auto">
          {SETTINGS_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="general">
          {preferencesTab((p) => (
            <GeneralTab saved={p.general} />
          ))}
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab user={user} />
        </TabsContent>
        <TabsContent value="timezone">
          {preferencesTab((p) => (
            <TimezoneTab saved={p.timezone} />
          ))}
        </TabsContent>
        <TabsContent value="notifications">
          {preferencesTab((p) => (
            <NotificationsTab saved={p.notifications} />
          ))}
        </TabsContent>
        <TabsContent value="ai">
          {preferencesTab((p) => (
            <AiTab saved={p.ai} />
          ))}
        </TabsContent>
        <TabsContent value="voices">
          <VoicesTab />
        </TabsContent>
        <TabsContent value="api">
          <ApiTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
