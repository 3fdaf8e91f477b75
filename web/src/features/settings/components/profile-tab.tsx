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

// The form holds every field as text; blank company and job title are sent as "" (spec §5).
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
      toast({ variant: "destructive", title: "Update Failed", description: userMessage(error, "Failed to update profile") });
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
          <Field
            label="Full name"
            name="full_name"
            autoComplete="name"
            value={form.values.full_name}
            error={form.errors.full_name}
            onChange={(e) => form.setValue("full_name", e.target.value)}
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={form.values.email}
            error={form.errors.email}
            onChange={(e) => form.setValue("email", e.target.value)}
          />
          <Field
            label="Company"
            name="company"
            autoComplete="organization"
            placeholder="Optional"
            value={form.values.company}
            error={form.errors.company}
            onChange={(e) => form.setValue("company", e.target.value)}
          />
          <Field
            label="Job title"
            name="job_title"
            autoComplete="organization-title"
            placeholder="Optional"
            value={form.values.job_title}
            error={form.errors.job_title}
            onChange={(e) => form.setValue("job_title", e.target.value)}
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
