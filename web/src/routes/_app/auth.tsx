import { createFileRoute } from "@tanstack/react-router";
import { AuthPage } from "@/features/auth/components/auth-page";
import { validateAuthSearch } from "@/features/auth/lib/auth-search";

export const Route = createFileRoute("/_app/auth")({ validateSearch: validateAuthSearch, component: AuthPage });
