import { z } from "zod";

/**
 * The number fields a session's form and its JSON API (POST and PATCH /api/session) share, defined
 * once with the channel as the only difference: the form reads text and answers with a message key,
 * the API reads JSON numbers and answers with zod's own English. The series form builds on them too.
 */
export type Channel = "form" | "api";

/** Seats (spec section 5): 1 to 20 players, on both channels. */
export const SEATS = { min: 1, max: 20 } as const;

/**
 * Hours before the start when the pre-session check opens (spec section 5): the forms offer 1 to
 * 168; the API's shared create schema also takes 0, a session with no check (the jobs skip it).
 */
export const PRE_SESSION_CHECK_HOURS = { min: { form: 1, api: 0 }, max: 168, fallback: 24 } as const;

function wholeNumber(channel: Channel, message: string, min: number, max: number) {
  return channel === "form"
    ? z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message)
    : z.number().int().min(min).max(max);
}

/** A count of seats; the form names its own message key (max or min), the API uses zod's. */
export function seatCount(channel: "api"): z.ZodNumber;
export function seatCount(channel: "form", message: string): z.ZodNumber;
export function seatCount(channel: Channel, message = "") {
  return wholeNumber(channel, message, SEATS.min, SEATS.max);
}

export const preSessionCheckHours = (channel: Channel) =>
  wholeNumber(channel, "preSessionCheckInvalid", PRE_SESSION_CHECK_HOURS.min[channel], PRE_SESSION_CHECK_HOURS.max).default(PRE_SESSION_CHECK_HOURS.fallback);
