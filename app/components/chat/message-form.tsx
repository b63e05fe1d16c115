import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { ErrorList } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { ATTACHMENT_ACCEPT, ATTACHMENT_FIELD } from "#app/modules/chat/attachments.rules";
import { captionSchema, type MessageInput } from "#app/modules/chat/schema";

/** The refusals the browser may show before sending (the same rules the server applies). */
const BROWSER_PROBLEMS = ["attachmentEmpty", "attachmentTooLarge", "attachmentHeic", "attachmentType", "attachmentFailed"] as const;

// Read from the schema once, not on every render of every chat page.
const CAPTION_CONSTRAINT = getZodConstraint(captionSchema);

/**
 * The chat's message form: a text, or a photo or file with an optional caption (decision record
 * 090). A real multipart form, so it works without JavaScript; the live script adds the preview,
 * the checks before sending and the upload's progress (the words it needs ride on the form).
 * The text box is not `required`: with a file it is an optional caption, and the server says
 * when a message without a file is empty.
 */
export function MessageForm({ lastResult, action }: { lastResult: SubmissionResult<string[]> | null | undefined; action: string }) {
  const { t } = useTranslation("chat");
  const { t: v } = useTranslation("validation");
  const [form, fields] = useForm<MessageInput>({ id: "chat-message", lastResult, constraint: CAPTION_CONSTRAINT, shouldValidate: "onSubmit" });
  const words = Object.fromEntries([...BROWSER_PROBLEMS.map((key) => [key, v(key)]), ["photoAlt", t("photoAlt", { name: "{{name}}" })]]);
  return (
    // A plain form: the chat's page has no React in the browser, and Remix's Form resolved its
    // action through the router on every render for nothing (a sixth of the page's CPU).
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      data-chat-form=""
      data-words={JSON.stringify(words)}
      className="mt-4 space-y-2"
    >
      <RequestKeyField />
      <label htmlFor={fields.content.id} className="block text-sm font-medium text-stone-800">
        {t("label")}
      </label>
      <textarea
        {...getTextareaProps(fields.content)}
        key={fields.content.key}
        // No maxLength: a pasted text over 2000 characters is explained next to the field, not cut silently.
        maxLength={undefined}
        rows={3}
        className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <div>
        <label htmlFor="chat-file" className="block text-sm font-medium text-stone-800">
          {t("attach")}
        </label>
        <p id="chat-file-hint" className="text-xs text-stone-600">
          {t("attachHint")}
        </p>
        <input
          id="chat-file"
          type="file"
          name={ATTACHMENT_FIELD}
          accept={ATTACHMENT_ACCEPT}
          aria-describedby="chat-file-hint"
          data-chat-file=""
          className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-stone-200 file:px-3 file:py-2 file:font-semibold"
        />
      </div>
      <div data-chat-preview="" hidden className="flex items-center gap-3 rounded-md bg-stone-100 p-2 text-sm text-stone-800 [&[hidden]]:hidden">
        <img data-slot="preview-image" alt="" hidden className="h-16 w-16 rounded object-cover" />
        <span data-slot="preview-name" className="break-all" />
        <button type="button" data-chat-clear="" className="ml-auto min-h-11 px-2 text-brand-700 underline">
          {t("removeFile")}
        </button>
      </div>
      <progress data-chat-progress="" hidden max={100} value={0} aria-label={t("uploading")} className="h-2 w-full [&[hidden]]:hidden" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button>{t("send")}</Button>
    </form>
  );
}
