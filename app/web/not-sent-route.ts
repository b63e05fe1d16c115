import type { ClientActionFunctionArgs } from "@remix-run/react";
import { keepWhenNotSent, revalidateUnlessNotSent } from "./not-sent";

/**
 * The two route exports a hydrated page with a form needs so that a send the dropped connection
 * swallowed keeps the page and what was typed (app/web/not-sent.ts). A route takes them as they are:
 *
 *   export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";
 *
 * and reads its action data with `sentAnswer(useActionData<typeof action>())`.
 */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => keepWhenNotSent(() => serverAction());

export const shouldRevalidate = revalidateUnlessNotSent;
