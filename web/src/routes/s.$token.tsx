import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "@/components/layout/public-layout";
import { SharedTranscriptPage } from "@/features/transcription-detail/components/shared-transcript-page";

/** A share link's page: open to anyone, signed in or not; the token is the link's secret. */
export const Route = createFileRoute("/s/$token")({
  component: function Page() {
    const { token } = Route.useParams();
    return (
      <PublicLayout>
        <SharedTranscriptPage token={token} />
      </PublicLayout>
    );
  },
});
