import { type SelectHTMLAttributes, useId } from "react";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/select";
import type { SpaceId } from "../current-space";
import type { SpaceChoice } from "../upload-spaces";

/** The <select> value of the personal space (an option's value cannot be null). */
const PERSONAL = "";

interface SpaceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> {
  label: string;
  spaces: SpaceChoice[];
  value: SpaceId;
  onValueChange: (space: SpaceId) => void;
}

/** A labelled choice of a space (the upload screen's destination, the move dialog's target). */
export function SpaceSelect({ label, spaces, value, onValueChange, ...props }: SpaceSelectProps) {
  const t = useTranslations("workspaces");
  const id = useId();
  return (
    <div className="space-y-1.5 text-sm">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <Select
        id={id}
        value={value ?? PERSONAL}
        onChange={(event) => onValueChange(event.target.value === PERSONAL ? null : event.target.value)}
        {...props}
      >
        {spaces.map((space) => (
          <option key={space.id ?? PERSONAL} value={space.id ?? PERSONAL}>
            {space.name ?? t("personal")}
          </option>
        ))}
      </Select>
    </div>
  );
}
