import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";

interface DropdownMenuProps {
  /** Content of the trigger button; its text is the button's accessible name. */
  trigger: ReactNode;
  /** Accessible name of the menu itself. */
  label: string;
  triggerClassName?: string;
  /** Rendered above the items (e.g. the signed-in user's name and e-mail). */
  header?: ReactNode;
  children: ReactNode;
  align?: "start" | "end";
}

/**
 * The WAI-ARIA menu button pattern: Enter/Space/ArrowDown open the menu on its first item, arrows move, Esc
 * closes and returns focus to the button, Tab or a click outside closes it.
 */
export function DropdownMenu({ trigger, label, triggerClassName, header, children, align = "end" }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          "rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitem"][data-close="true"]')) close(false);
          }}
          className={cn(
            "absolute z-50 mt-2 min-w-56 rounded-md border bg-card p-1 text-foreground shadow-lg",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          {header && (
            <div role="none" className="px-2 py-1.5">
              {header}
            </div>
          )}
          {children}
        </div>
      )}
    </div>
  );
}

interface DropdownMenuItemProps {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Keep the menu open after selecting (e.g. while an action is pending). */
  keepOpen?: boolean;
}

export function DropdownMenuItem({ children, onSelect, disabled, keepOpen }: DropdownMenuItemProps) {
  return (
    <div
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      data-close={!keepOpen && !disabled}
      onClick={() => !disabled && onSelect()}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          // Same path as a pointer: select, then the menu closes (unless keepOpen).
          event.currentTarget.click();
        }
      }}
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none",
        "hover:bg-muted focus:bg-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
      )}
    >
      {children}
    </div>
  );
}

export function DropdownMenuSeparator() {
  return <hr className="-mx-1 my-1 border-border" />;
}

function menuItems(menu: HTMLElement | null) {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
}
