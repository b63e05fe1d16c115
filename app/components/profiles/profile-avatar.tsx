/** A profile's photo, or the person's initials on the brand colour when they have none (decorative: the name is beside it). */
export function ProfileAvatar({ url, initials }: { url: string | null; initials: string }) {
  return url ? (
    <img src={url} alt="" className="h-20 w-20 rounded-full object-cover" />
  ) : (
    <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
      {initials}
    </span>
  );
}
