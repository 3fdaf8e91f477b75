import { ACTIVE_STATUSES, type TranscriptionStatus } from "@verbatim/shared";

/** Still being worked on: accepts audio, its jobs run, a new run is refused. */
export const isActive = (status: TranscriptionStatus) => ACTIVE_STATUSES.includes(status);
