import { ErrorList } from "#app/components/ui/field";

/** A set of checkboxes under one name (spoken languages, available days), with the group's errors. */
export function CheckboxGroup(props: {
  legend: string;
  name: string;
  errorId: string;
  errors?: string[];
  options: { value: string; label: string; checked: boolean }[];
}) {
  return (
    <fieldset aria-describedby={props.errors?.length ? props.errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">{props.legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
        {props.options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name={props.name} value={o.value} defaultChecked={o.checked} className="h-5 w-5" />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={props.errorId} errors={props.errors} />
    </fieldset>
  );
}
