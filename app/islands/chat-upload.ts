/**
 * The chat page's photos and files, with JavaScript (decision record 092): a picked file is
 * checked with the server's own rules before anything is sent, an image previewed from memory,
 * and the upload's progress shown; a message that arrives live with an attachment is drawn into
 * the page's hidden template. Part of the live layer (app/islands/live.ts). Without JavaScript the
 * same form posts the file as a plain multipart form.
 */
import { newRequestKey } from "#app/components/ui/new-request-key";
import { ATTACHMENT_MAX_BYTES, type AttachmentView, CHAT_IMAGE_SIZES, checkAttachment, formatFileSize, imageSrcSet } from "#app/modules/chat/attachments.rules";

type Sent = { id: number; senderId: string; senderName: string; content: string; createdAt: string; attachment?: AttachmentView | null };
type Words = Record<string, string>;

const own = (url: string) => url.charAt(0) === "/" && url.charAt(1) !== "/";

/** Shows a message's image or file in a clone of the message template (never as HTML). */
export function drawAttachment(li: HTMLElement, m: Sent, lang: string, alt: string) {
  const a = m.attachment;
  const imageLink = li.querySelector<HTMLAnchorElement>('[data-slot="image-link"]');
  const fileLink = li.querySelector<HTMLAnchorElement>('[data-slot="file"]');
  if (!a || !own(a.url)) {
    imageLink?.remove();
    fileLink?.remove();
    return;
  }
  const content = li.querySelector<HTMLElement>('[data-slot="content"]');
  if (content && !m.content) content.hidden = true;
  if (a.kind === "image" && imageLink) {
    fileLink?.remove();
    const img = imageLink.querySelector("img")!;
    imageLink.href = a.url;
    imageLink.hidden = false;
    if (!img.hasAttribute("data-small")) {
      img.sizes = CHAT_IMAGE_SIZES;
      img.srcset = imageSrcSet(a);
    }
    img.src = a.thumbnailUrl ?? a.url;
    if (a.width && a.height) {
      img.width = a.width;
      img.height = a.height;
    }
    img.alt = m.content || alt.replace("{{name}}", m.senderName);
  } else if (fileLink) {
    imageLink?.remove();
    fileLink.href = a.url;
    fileLink.download = a.fileName;
    fileLink.hidden = false;
    fileLink.querySelector('[data-slot="file-name"]')!.textContent = a.fileName;
    fileLink.querySelector('[data-slot="file-size"]')!.textContent = formatFileSize(a.byteSize, lang);
  }
}

/**
 * Checks a picked file at once (the same rules as the server: size, then the real type from its
 * bytes), previews it, and sends it with its caption through the messages API with progress.
 * Returns `submit`, which the form's submit handler calls first: true when it took the submit.
 */
/** The form's request key as the API's header (decision record 096), when the page rendered one. */
export function sendKeyHeader(form: HTMLFormElement): Record<string, string> {
  const field = form.querySelector<HTMLInputElement>('input[name="requestKey"]');
  return field?.value ? { "Idempotency-Key": field.value } : {};
}

/** A message went: the next one is another message, so the form takes a new key. */
export function renewSendKey(form: HTMLFormElement) {
  const field = form.querySelector<HTMLInputElement>('input[name="requestKey"]');
  if (field) field.value = newRequestKey();
}

export function enhanceUpload(form: HTMLFormElement, opts: { chat: string; lang: string; onSent: (m: Sent) => void; showError: (text: string) => void }) {
  const input = form.querySelector<HTMLInputElement>("[data-chat-file]");
  const preview = form.querySelector<HTMLElement>("[data-chat-preview]");
  const progress = form.querySelector<HTMLProgressElement>("[data-chat-progress]");
  const words = JSON.parse(form.getAttribute("data-words") || "{}") as Words;
  if (!input || !preview || !progress || !window.File || !window.URL) return { submit: () => false };
  const image = preview.querySelector<HTMLImageElement>('[data-slot="preview-image"]')!;
  let picked: File | null = null;
  let objectUrl = "";

  function clear() {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = "";
    picked = null;
    input!.value = "";
    preview!.hidden = true;
    image.hidden = true;
    image.removeAttribute("src");
  }
  preview.querySelector("[data-chat-clear]")?.addEventListener("click", () => {
    clear();
    input.focus();
  });

  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = "";
    picked = null;
    preview.hidden = true;
    if (!file) return;
    // Past the limit nothing is read: the size alone decides.
    const read = file.size > 0 && file.size <= ATTACHMENT_MAX_BYTES ? file.arrayBuffer() : Promise.resolve(null);
    void read.then((buffer) => {
      const checked = checkAttachment({ size: file.size, bytes: buffer ? new Uint8Array(buffer) : null });
      if (!checked.ok) {
        clear();
        opts.showError(words[checked.problem.key] || words.attachmentType || "");
        return;
      }
      opts.showError("");
      picked = file;
      preview.hidden = false;
      preview.querySelector('[data-slot="preview-name"]')!.textContent = `${file.name} · ${formatFileSize(file.size, opts.lang)}`;
      if (checked.type.indexOf("image/") === 0) {
        image.src = objectUrl = URL.createObjectURL(file);
        image.hidden = false;
      } else image.hidden = true;
    });
  });

  function submit(e: Event) {
    if (!picked) return false;
    e.preventDefault();
    const box = form.querySelector("textarea");
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const body = new FormData();
    body.append("content", box ? box.value : "");
    body.append("file", picked, picked.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/chats/${opts.chat}/messages?lang=${opts.lang}`);
    xhr.setRequestHeader("Accept", "application/json");
    const key = sendKeyHeader(form)["Idempotency-Key"];
    if (key) xhr.setRequestHeader("Idempotency-Key", key);
    xhr.upload.onprogress = (p) => {
      if (p.lengthComputable) progress!.value = Math.round((p.loaded / p.total) * 100);
    };
    const done = () => {
      progress!.hidden = true;
      if (button) button.disabled = false;
    };
    xhr.onload = () => {
      done();
      let answer: { message?: Sent; error?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        /* not JSON: answered below as a failure */
      }
      if (xhr.status === 201 && answer.message) {
        if (box) box.value = "";
        renewSendKey(form);
        clear();
        opts.showError("");
        opts.onSent(answer.message);
      } else opts.showError(answer.error || words.attachmentFailed || "");
    };
    // The network failed: the plain form post still has the file.
    xhr.onerror = () => {
      done();
      form.submit();
    };
    progress!.value = 0;
    progress!.hidden = false;
    if (button) button.disabled = true;
    xhr.send(body);
    return true;
  }
  return { submit };
}
