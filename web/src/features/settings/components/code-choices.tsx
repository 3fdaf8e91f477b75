import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";

interface CodeChoicesProps<T extends string> {
  legend: string;
  options: readonly T[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
  /** What an option means, after its code name. */
  describe: (option: T) => string;
}

/** Options named by their code (API key scopes, webhook events), each a checkbox with what it means. */
export function CodeChoices<T extends string>({ legend, options, chosen, onChange, describe }: CodeChoicesProps<T>) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <div key={option} className="flex items-start gap-2 text-sm">
          <Checkbox
            id={`${id}-${option}`}
            className="mt-0.5"
            checked={chosen.includes(option)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))}
          />
          <label htmlFor={`${id}-${option}`}>
            <code>{option}</code> · {describe(option)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
