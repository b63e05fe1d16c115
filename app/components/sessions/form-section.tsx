import type { ReactNode } from "react";

const section = "space-y-2 rounded-lg border border-stone-200 bg-white p-6";

/** One titled part of the session and series forms (Basic Information, Schedule, Pricing…). */
export function FormSection({ legend, className, children }: { legend: ReactNode; className?: string; children: ReactNode }) {
  return (
    <fieldset className={className ? `${section} ${className}` : section}>
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
