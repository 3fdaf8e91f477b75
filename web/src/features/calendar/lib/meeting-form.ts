import { isTimeZone } from "@verbatim/shared/preferences";
import { z } from "zod";

/** "a@x.com, b@y.org ," → ["a@x.com", "b@y.org"] (trimmed and split). */
export const splitAttendees = (value: string) =>
  value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);

const emailSchema = z.email();

/**
 * The create-meeting rules, plus two checks Google would otherwise refuse less helpfully. Messages are keys of
 * the `validation` messages, which the form shows in the interface's language (lib/i18n/known-messages.ts).
 */
export const meetingFormSchema = z
  .object({
    summary: z.string().trim().min(3, "validation.meetingTitleMin").max(1024),
    description: z.string().trim().max(8000),
    startTime: z.string().min(1, "validation.startRequired"),
    endTime: z.string().min(1, "validation.endRequired"),
    attendees: z
      .string()
      .refine((v) => splitAttendees(v).every((a) => emailSchema.safeParse(a).success), "validation.attendees"),
    timezone: z.string().refine(isTimeZone, "validation.timezoneInvalid"),
  })
  .refine((v) => !v.startTime || !v.endTime || new Date(v.endTime) > new Date(v.startTime), {
    message: "validation.endAfterStart",
    path: ["endTime"],
  });
