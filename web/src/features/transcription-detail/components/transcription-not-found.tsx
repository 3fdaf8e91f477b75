import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The transcription does not exist, is still processing, or is not the user's. */
export function TranscriptionNotFound() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Transcription Not Found</h1>
      <Card>
        <CardHeader>
          <CardTitle>Unable to Find Transcription</CardTitle>
          <CardDescription>
            The transcription you are looking for does not exist, is still processing, or you do not have permission to
            view it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants()}>
            Back to Transcriptions
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
