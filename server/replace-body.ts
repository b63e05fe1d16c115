import type { Response } from "express";

/**
 * Swaps the body of a response for another, decided once, at its first write: what lets a 5xx be
 * answered differently after the code that produced it has run (an API error's details hidden, an
 * outage that began mid-request answered as one). `replacement` returns null to let the response
 * through unchanged; otherwise it may set headers (nothing is sent yet) and gives the body to send.
 */
export function replaceBody(res: Response, replacement: () => { body: string | undefined } | null) {
  const write = res.write;
  const end = res.end;
  let decided: { body: string | undefined } | null | undefined;
  const decide = () => {
    if (decided === undefined) decided = replacement();
    return decided;
  };
  res.write = function (this: Response, ...args: unknown[]) {
    if (decide()) return true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    const swapped = decide();
    if (swapped) return (end as (chunk?: string) => Response).call(this, swapped.body);
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as Response["end"];
}
