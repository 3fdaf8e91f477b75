import { PROFILE_EMAIL_INVALID, profileUpdateSchema } from "@verbatim/shared/profile";
import type { PublicUser } from "@verbatim/shared/user";
import { useTranslations } from "use-intl";
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
  const t = useTranslations("settings.profile");
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
      toast({ title: t("updated"), description: t("updatedBody") });
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("updateFailed"),
        description: userMessage(error, t("updateFailedBody")),
      });
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label={t("title")}>
        <CardHeader>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <Field label={t("fullName")} autoComplete="name" {...form.field("full_name")} />
          <Field label={t("email")} type="email" autoComplete="email" {...form.field("email")} />
          <Field
            label={t("company")}
            autoComplete="organization"
            placeholder={t("optional")}
            {...form.field("company")}
          />
          <Field
            label={t("jobTitle")}
            autoComplete="organization-title"
            placeholder={t("optional")}
            {...form.field("job_title")}
          />
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={update.isPending} className="w-full md:w-auto">
            {update.isPending && <ButtonSpinner />}
            {update.isPending ? t("saving") : t("save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
