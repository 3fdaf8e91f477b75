import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { UploadQueueRunner } from "@/features/upload/components/upload-queue-runner";

/** The app shell; queued uploads are sent from any of its screens. */
export const Route = createFileRoute("/_app")({
  component: () => (
    <AppLayout>
      <Outlet />
      <UploadQueueRunner />
    </AppLayout>
  ),
});
