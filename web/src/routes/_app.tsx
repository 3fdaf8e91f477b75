import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { LibrarySync } from "@/entities/library/components/library-sync";
import { UploadQueueRunner } from "@/features/upload/components/upload-queue-runner";

/** The app shell; queued uploads are sent, and the device library synced, from any of its screens. */
export const Route = createFileRoute("/_app")({
  component: () => (
    <AppLayout>
      <Outlet />
      <UploadQueueRunner />
      <LibrarySync />
    </AppLayout>
  ),
});
