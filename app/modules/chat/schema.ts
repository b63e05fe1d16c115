import { z } from "zod";
import { text } from "#app/lib/zod";
import { MESSAGE_MAX } from "./rules";

/** A chat message (shared rulebook: 1-2000 characters, type text); messages are validation keys. */
export const messageSchema = z.object({
  content: text({ max: MESSAGE_MAX, required: "messageRequired", tooLong: "messageTooLong" }),
});
export type MessageInput = z.infer<typeof messageSchema>;
