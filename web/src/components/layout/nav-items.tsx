import type { ReactNode } from "react";
import { CalendarIcon, CreditCardIcon, FileTextIcon, PlugIcon, SettingsIcon } from "./icons";

/** The left navigation, in this order. */
export const NAV_ITEMS: ReadonlyArray<{
  label: string;
  to: "/calendar" | "/dashboard" | "/integrations" | "/settings" | "/subscription";
  icon: ReactNode;
}> = [
  { label: "Calendar", to: "/calendar", icon: <CalendarIcon /> },
  { label: "Transcripts", to: "/dashboard", icon: <FileTextIcon /> },
  { label: "Integrations", to: "/integrations", icon: <PlugIcon /> },
  { label: "Settings", to: "/settings", icon: <SettingsIcon /> },
  { label: "Subscription", to: "/subscription", icon: <CreditCardIcon /> },
];
