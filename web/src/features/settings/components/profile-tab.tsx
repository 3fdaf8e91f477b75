import { PROFILE_EMAIL_INVALID, profileUpdateSchema } from "@verbatim/shared/profile";
import type { PublicUser } from "@verbatim/shared/user";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { useUpdateProfile } from "../api/settings-api";
import { PhotoUpload } from "./photo-upload";

// The form holds every field as text; blank company and job title are sent as "".
const profileFormSchema = z.object({
  full_name: profileUpdateSchema.shape.full_name,
  email: z.string().trim().max(255, PROFILE_EMAIL_INVALID).pipe(z.email(PROFILE_EMAIL_INVALID)),
  company: z.string().trim().max(255),
  job_title: z.string().trim().max(255),
});

export function ProfileTab({ user }: { user: PublicUser }) {
  return (
    <div className="space-y-6">
      <PhotoUpload user={user} />
      <ProfileForm user={user} />
    </div>
  );
}

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useSchemaForm(profileFormSchema, {
    full_name: user.full_name ?? "",
    email: user.email,
    company: user.company ?? "",
    job_title: user.job_title ?? "",
  });

  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast({ title: "Profile updated", description: "Your profile has been saved." });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: userMessage(error, "Failed to update profile"),
      });
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label="Profile">
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How you appear in Verbatim and the e-mail address you sign in with.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <Field label="Full name" autoComplete="name" {...form.field("full_name")} />
          <Field label="Email" type="email" autoComplete="email" {...form.field("email")} />
          <Field label="Company" autoComplete="organization" placeholder="Optional" {...form.field("company")} />
          <Field
            label="Job title"
            autoComplete="organization-title"
            placeholder="Optional"
            {...form.field("job_title")}
          />
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={update.isPending} className="w-full md:w-auto">
            {update.isPending && <ButtonSpinner />}
            {update.isPending ? "Saving..." : "Save Profile"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
