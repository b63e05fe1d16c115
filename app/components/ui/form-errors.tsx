import { useTranslation } from "react-i18next";
import { ErrorList } from "./field";

/** Form-level errors; "key|n" carries one number for the message (for example minutes to wait). */
export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  const { t } = useTranslation("validation");
  if (!errors?.length) return <ErrorList id={id} errors={[]} />;
  return (
    // role="alert" on the <ul> itself would hide its list role, leaving the <li>s without a list (axe: listitem).
    <div id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      <ul>
        {errors.map((e) => {
          const [key = e, count] = e.split("|");
          return <li key={e}>{t(key, { count: Number(count ?? 0) })}</li>;
        })}
      </ul>
    </div>
  );
}
