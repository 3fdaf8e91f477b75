import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { userMessage } from "@/lib/api";
import { cn } from "@/lib/cn";

interface QueryListProps<D, T> {
  query: UseQueryResult<D>;
  /** The list's items in the query's answer. */
  items: (data: D) => T[];
  /** The list's accessible name. */
  label: string;
  /** Said when there is nothing (yet). */
  empty: string;
  /** Said when the list could not be read and the server gave no reason. */
  loadFailed: string;
  className?: string;
  children: (item: T) => ReactNode;
}

/**
 * A list read from the server in its four states: loading (a placeholder), failed (the reason, announced), empty (a
 * sentence) and its items.
 */
export function QueryList<D, T>({ query, items, label, empty, loadFailed, className, children }: QueryListProps<D, T>) {
  if (query.isPending) return <Skeleton className="h-10 w-full" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {userMessage(query.error, loadFailed)}
      </p>
    );
  }
  const list = items(query.data);
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className={cn("divide-y", className)} aria-label={label}>
      {list.map(children)}
    </ul>
  );
}
