import { useSaveData } from "#app/utils/save-data";

/**
 * A profile's photo, or the person's initials on the brand colour when they have none (decorative:
 * the name is beside it). A photo is an address the person linked, of any size, so a page saving
 * data shows the initials instead (decision record 095).
 */
export function ProfileAvatar({ url, initials }: { url: string | null; initials: string }) {
  const saveData = useSaveData();
  return url && !saveData ? (
    <img src={url} alt="" width={80} height={80} decoding="async" className="h-20 w-20 rounded-full object-cover" />
  ) : (
    <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
      {initials}
    </span>
  );
}
