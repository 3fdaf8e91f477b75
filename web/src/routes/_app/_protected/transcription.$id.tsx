import { createFileRoute } from "@tanstack/react-router";
import { TranscriptionDetailPage } from "@/features/transcription-detail/components/detail-page";

export const Route = createFileRoute("/_app/_protected/transcription/$id")({ component: TranscriptionDetailPage });
