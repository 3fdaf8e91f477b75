import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { UploadPage } from "@/features/upload/components/upload-page";

/** After a share to the app (the service worker's share target): how many files it queued and left out. */
const uploadSearchSchema = z.object({
  shared: z.coerce.number().int().nonnegative().optional().catch(undefined),
  refused: z.coerce.number().int().nonnegative().optional().catch(undefined),
});

export const Route = createFileRoute("/_app/_protected/upload")({
  validateSearch: uploadSearchSchema,
  component: function Page() {
    return <UploadPage {...Route.useSearch()} />;
  },
});
