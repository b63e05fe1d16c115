import type { ReactNode } from "react";

/**
 * A section of the admin desk, named by its heading for screen readers. The desk's pages put their
 * title in an h2 and their parts in h3s; a form stands in a box.
 */
export function DeskSection({
  id,
  heading,
  level = "h3",
  boxed = false,
  children,
}: {
  id: string;
  heading: string;
  level?: "h2" | "h3";
  boxed?: boolean;
  children: ReactNode;
}) {
  const Heading = level;
  return (
    <section className={boxed ? "space-y-3 rounded-lg border border-stone-200 bg-white p-4" : "space-y-3"} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={level === "h2" ? "text-xl font-semibold" : "text-lg font-semibold"}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
