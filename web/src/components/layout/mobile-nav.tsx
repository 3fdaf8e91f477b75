import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { MenuIcon } from "./icons";
import { SidebarContent } from "./sidebar";

/** Below 768 px the navigation moves into a modal drawer opened from the top bar. */
export function MobileNav() {
  const t = useTranslations("layout");
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t("openNavigation")}
        onClick={() => setOpen(true)}
      >
        <MenuIcon className="size-5" />
      </Button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; the keyboard closes with Esc (native). */}
      <dialog
        ref={ref}
        aria-label={t("navigation")}
        onClose={() => setOpen(false)}
        onClick={(event) => event.target === ref.current && setOpen(false)}
        className="m-0 h-full max-h-none w-60 max-w-[85vw] bg-sidebar p-0 text-foreground shadow-xl"
      >
        {open && <SidebarContent onNavigate={() => setOpen(false)} />}
      </dialog>
    </>
  );
}
