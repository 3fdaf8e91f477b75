import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { TranscriptionDetailPage } from "@/features/transcription-detail/components/detail-page";

/** `?t=83.2` opens the transcript at that moment (a search hit); anything else there is ignored. */
const detailSearchSchema = z.object({ t: z.coerce.number().nonnegative().optional().catch(undefined) });

export const Route = createFileRoute("/_app/_protected/transcription/$id")({
  validateSearch: detailSearchSchema,
  component: TranscriptionDetailPage,
});
