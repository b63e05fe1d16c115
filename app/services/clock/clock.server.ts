/**
 * The wall clock, read in one place. Requests take their `now` from the load context (read once
 * per request in server/http.ts), so every loader and action of a request sees the same instant
 * and a route test can hand in a fixed one. Everything else asks this port.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
