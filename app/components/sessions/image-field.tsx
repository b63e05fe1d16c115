import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Toast, type ToastData } from "#app/components/layout/toast";
import type { Locale } from "#app/modules/i18n/config";
import { checkImage, IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_SIGNATURE_BYTES, type ImageProblem, problemParams, variantKey } from "#app/modules/storage/rules";

/** The image problem an action returned beside conform's result (see imageFormReply). */
export function imageProblemOf(lastResult: unknown): ImageProblem | null {
  const problem = lastResult && typeof lastResult === "object" && "imageProblem" in lastResult ? lastResult.imageProblem : null;
  return problem && typeof problem === "object" && "key" in problem ? (problem as ImageProblem) : null;
}

type Props = {
  /** The hidden imageUrl field: the image already stored (saved before, or uploaded on a submit that failed elsewhere). */
  field: FieldMetadata<string | string[]>;
  /** What the server found wrong with the file on the last submit. */
  serverProblem: ImageProblem | null | undefined;
  lang: Locale;
};

/**
 * The image upload of the session and series forms. Without JavaScript the file goes with the
 * form and the server checks it; with it, the same checks run as soon as a file is picked (a
 * wrong file is cleared and explained) and a preview shows.
 */
export function ImageField({ field, serverProblem, lang }: Props) {
  const { t } = useTranslation("sessions");
  const id = useId();
  const stored = typeof field.initialValue === "string" && field.initialValue ? field.initialValue : null;
  // undefined: nothing picked since the last server answer, so its verdict stands.
  const [clientProblem, setClientProblem] = useState<ImageProblem | null | undefined>(undefined);
  const [picked, setPicked] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => setClientProblem(undefined), [serverProblem]);
  // The server stored the picked file (the form came back for another reason): sending it again would store it twice.
  useEffect(() => {
    if (!stored || !fileInput.current?.value) return;
    fileInput.current.value = "";
    setPicked(null);
  }, [stored]);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);

  const problem = clientProblem === undefined ? (serverProblem ?? null) : clientProblem;
  const params = problem ? problemParams(problem, lang) : null;
  // One object per problem, so the toast's timer is not restarted by every render.
  const toast = useMemo<ToastData | null>(() => (problem && params ? { type: "error", key: `validation:${problem.key}`, params } : null), [problem]); // eslint-disable-line react-hooks/exhaustive-deps
  // A stored image shows its 400 px copy: the original can be a phone photo of several megabytes.
  const preview = picked ?? (removed || !stored ? null : smallCopy(stored));

  async function onPick(input: HTMLInputElement) {
    const file = input.files?.[0];
    setPicked(null);
    if (!file) {
      setClientProblem(null);
      return;
    }
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    const found = checkImage({ head, size: file.size });
    setClientProblem(found);
    if (found)
      input.value = ""; // spec: a refused file is cleared
    else setPicked(URL.createObjectURL(file));
  }

  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("form.image")}
      </label>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {t("form.imageHint", { max: problemParams({ key: "imageTooLarge", bytes: IMAGE_MAX_BYTES }, lang).max })}
      </p>
      {preview ? (
        <img src={preview} alt={t("form.imagePreview")} width={400} height={225} className="aspect-video w-full max-w-sm rounded-md object-cover" />
      ) : null}
      <input
        id={id}
        ref={fileInput}
        type="file"
        name="image"
        accept={IMAGE_ACCEPT}
        onChange={(e) => void onPick(e.currentTarget)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${errorId}` : ""}`}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:text-stone-900"
      />
      <input {...getInputProps(field, { type: "hidden" })} />
      {stored && !picked ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="removeImage" onChange={(e) => setRemoved(e.currentTarget.checked)} className="h-5 w-5" />
          {t("form.removeImage")}
        </label>
      ) : null}
      <ul id={errorId} className="min-h-5 text-sm text-red-700" aria-live="polite">
        {problem && params ? <li>{t(problem.key, { ns: "validation", ...params })}</li> : null}
        {(field.errors ?? [])
          .filter((e) => e !== problem?.key)
          .map((e) => (
            <li key={e}>{t(e, { ns: "validation" })}</li>
          ))}
      </ul>
      {toast ? <Toast toast={toast} /> : null}
    </div>
  );
}

/** The 400 px copy beside a stored original; any other address (older data) as it is. */
function smallCopy(url: string) {
  try {
    return variantKey(url, 400);
  } catch {
    return url;
  }
}
