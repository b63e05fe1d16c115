import { useTranslation } from "react-i18next";
import { ErrorList } from "#app/components/ui/field";

/**
 * The people one may put in a group (those they have shared a table with), as checkboxes: a form
 * field that works without JavaScript. `checked` keeps a refused form's choices.
 */
export function PeoplePicker({
  people,
  checked,
  errors,
  errorId,
}: {
  people: { id: string; name: string }[];
  checked: readonly string[];
  errors?: string[];
  errorId: string;
}) {
  const { t } = useTranslation("chat");
  if (people.length === 0) return <p className="text-sm text-stone-600">{t("groups.nobodyToAdd")}</p>;
  return (
    <fieldset aria-describedby={errorId} className="space-y-1">
      <legend className="text-sm font-medium text-stone-800">{t("groups.people")}</legend>
      <ul className="max-h-96 divide-y divide-stone-200 overflow-y-auto rounded-md border border-stone-300 bg-white">
        {people.map((person) => (
          <li key={person.id}>
            <label className="flex min-h-11 items-center gap-3 px-3 py-2">
              <input type="checkbox" name="memberIds" value={person.id} defaultChecked={checked.includes(person.id)} className="h-5 w-5" />
              <span>{person.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** Narrows the list by a name: a GET form, so the address holds it and it works without JavaScript. */
export function PeopleSearch({ query, action }: { query: string; action: string }) {
  const { t } = useTranslation("chat");
  return (
    <form method="get" action={action} role="search" className="flex items-end gap-2">
      <label className="block flex-1 text-sm font-medium text-stone-800">
        {t("groups.findPeople")}
        <input
          type="search"
          name="q"
          defaultValue={query}
          maxLength={100}
          className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
        />
      </label>
      <button type="submit" className="min-h-11 rounded-md border border-stone-400 bg-white px-4 text-sm font-medium">
        {t("groups.find")}
      </button>
    </form>
  );
}

/** The checked boxes a refused form sent back (conform gives one value or a list). */
export const checkedIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
