import { createFileRoute } from "@tanstack/react-router";
import { UploadPage } from "@/features/upload/components/upload-page";

export const Route = createFileRoute("/_app/_protected/upload")({ component: UploadPage });
