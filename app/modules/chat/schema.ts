import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { MESSAGE_MAX } from "./rules";

/** A chat message (shared rulebook: 1-2000 characters, type text); messages are validation keys. */
export const messageSchema = z.object({
  content: text({ max: MESSAGE_MAX, required: "messageRequired", tooLong: "messageTooLong" }),
});
export type MessageInput = z.infer<typeof messageSchema>;

/** An image or file message's caption (decision record 090): optional, at most 2000 characters, no control characters. */
export const captionSchema = z.object({
  content: optionalText({ max: MESSAGE_MAX, tooLong: "messageTooLong" }),
});

/** "Send a message" on a profile: the person to talk to; the use case refuses an id that names no one it may open a chat with. */
export const directChatSchema = z.object({ userId: z.string().default("") });

/** POST /api/chats/{id}/mute: `muted` a JSON boolean, nothing else. */
export const muteSchema = z.object({ muted: z.boolean() }).strict();
