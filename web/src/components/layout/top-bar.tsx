import { Clock } from "./clock";
import { MobileNav } from "./mobile-nav";
import { OfflineIndicator } from "./offline-indicator";
import { UserMenu } from "./user-menu";

export function TopBar() {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
      <MobileNav />
      <Clock />
      <div className="ml-auto flex items-center gap-3">
        <OfflineIndicator />
        <UserMenu />
      </div>
    </header>
  );
}
