import { isTimeZone } from "@verbatim/shared/preferences";
import { z } from "zod";

/** "a@x.com, b@y.org ," → ["a@x.com", "b@y.org"] (trimmed and split). */
export const splitAttendees = (value: string) =>
  value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);

const emailSchema = z.email();

/** The create-meeting rules, plus two checks Google would otherwise refuse less helpfully. */
export const meetingFormSchema = z
  .object({
    summary: z.string().trim().min(3, "Title must be at least 3 characters").max(1024),
    description: z.string().trim().max(8000),
    startTime: z.string().min(1, "Start time is required"),
    endTime: z.string().min(1, "End time is required"),
    attendees: z
      .string()
      .refine(
        (v) => splitAttendees(v).every((a) => emailSchema.safeParse(a).success),
        "Enter e-mail addresses separated by commas",
      ),
    timezone: z.string().refine(isTimeZone, "Unknown time zone"),
  })
  .refine((v) => !v.startTime || !v.endTime || new Date(v.endTime) > new Date(v.startTime), {
    message: "End time must be after the start time",
    path: ["endTime"],
  });
