import type { ReactNode } from "react";
import { CalendarIcon, CreditCardIcon, FileTextIcon, PlugIcon, SettingsIcon } from "./icons";

/** The left navigation, in this order; `label` is the entry's message under layout.nav. */
export const NAV_ITEMS: ReadonlyArray<{
  label: "calendar" | "transcripts" | "integrations" | "settings" | "subscription";
  to: "/calendar" | "/dashboard" | "/integrations" | "/settings" | "/subscription";
  icon: ReactNode;
}> = [
  { label: "calendar", to: "/calendar", icon: <CalendarIcon /> },
  { label: "transcripts", to: "/dashboard", icon: <FileTextIcon /> },
  { label: "integrations", to: "/integrations", icon: <PlugIcon /> },
  { label: "settings", to: "/settings", icon: <SettingsIcon /> },
  { label: "subscription", to: "/subscription", icon: <CreditCardIcon /> },
];
