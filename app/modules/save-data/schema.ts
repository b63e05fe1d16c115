import { z } from "zod";

/**
 * The "Save data" switches: for the account (every device) or for this device only, each turned on
 * or off by its own button, so the form needs no script and no checkbox state.
 */
export const saveDataSchema = z.object({
  scope: z.enum(["account", "device"]),
  saveData: z.enum(["on", "off"]),
  /** Where to go back to (the footer's switch posts from any page); the route keeps only a path on this site. */
  redirectTo: z.string().max(2000).optional(),
});
