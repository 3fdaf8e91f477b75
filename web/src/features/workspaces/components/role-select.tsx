import { INVITABLE_ROLES, type InvitableRole } from "@verbatim/shared/workspaces";
import type { SelectHTMLAttributes } from "react";
import { useTranslations } from "use-intl";
import { Select } from "@/components/ui/select";

interface RoleSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> {
  value: InvitableRole;
  onRoleChange: (role: InvitableRole) => void;
}

/** A role an invitation or a change may give (ownership moves only by a transfer). */
export function RoleSelect({ value, onRoleChange, ...props }: RoleSelectProps) {
  const t = useTranslations("workspaces.roles");
  return (
    <Select value={value} onChange={(event) => onRoleChange(event.target.value as InvitableRole)} {...props}>
      {INVITABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(role)}
        </option>
      ))}
    </Select>
  );
}
