import { z } from "zod";
import { optionalText, text } from "#app/lib/zod";
import { GROUP_MAX_OTHERS, GROUP_NAME_MAX } from "./group-rules";
import { MESSAGE_MAX } from "./rules";

/** A chat message (shared rulebook: 1-2000 characters, type text); messages are validation keys. */
export const messageSchema = z.object({
  content: text({ max: MESSAGE_MAX, required: "messageRequired", tooLong: "messageTooLong" }),
});
export type MessageInput = z.infer<typeof messageSchema>;

/** An image or file message's caption (decision record 092): optional, at most 2000 characters, no control characters. */
export const captionSchema = z.object({
  content: optionalText({ max: MESSAGE_MAX, tooLong: "messageTooLong" }),
});

/** "Send a message" on a profile: the person to talk to; the use case refuses an id that names no one it may open a chat with. */
export const directChatSchema = z.object({ userId: z.string().default("") });

/** POST /api/chats/{id}/mute: `muted` a JSON boolean, nothing else. */
export const muteSchema = z.object({ muted: z.boolean() }).strict();

const groupName = text({ max: GROUP_NAME_MAX, required: "groupNameRequired", tooLong: "groupNameTooLong" });
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** People by id; a wrong one is the list's error (it shows next to the list, not an item of it). */
const peopleIds = z
  .array(z.string({ invalid_type_error: "groupPeopleInvalid" }), { required_error: "groupPeopleRequired", invalid_type_error: "groupPeopleInvalid" })
  .min(1, "groupPeopleRequired")
  .max(GROUP_MAX_OTHERS, "groupTooMany")
  .refine((ids) => ids.every((id) => uuid.test(id)), "groupPeopleInvalid");

/** A new group: its name and 1-49 other people (the form's checkboxes, or JSON's `memberIds`). */
export const newGroupSchema = z.object({ name: groupName, memberIds: peopleIds });
export type NewGroupInput = z.infer<typeof newGroupSchema>;
/** Renaming a group. */
export const renameGroupSchema = z.object({ name: groupName });
export type RenameGroupInput = z.infer<typeof renameGroupSchema>;
/** Adding people to a group. */
export const addPeopleSchema = z.object({ memberIds: peopleIds });
export type AddPeopleInput = z.infer<typeof addPeopleSchema>;

/** The JSON API's bodies: the same fields, nothing else. */
export const newGroupApiSchema = newGroupSchema.strict();
export const renameGroupApiSchema = renameGroupSchema.strict();
export const addPeopleApiSchema = addPeopleSchema.strict();
/** POST /api/users/{id}/block: `blocked` a JSON boolean, nothing else. */
export const blockSchema = z.object({ blocked: z.boolean() }).strict();
