import { useEffect } from "react";
import { buttonClass } from "./button";
import { Link } from "./link";
import { RequestKeyField } from "./request-key-field";

/**
 * A link to a confirmation page that, with JavaScript, opens the same question as a dialog on
 * the page instead (the native <dialog>, so pages that ship no framework script get it too, from
 * the few lines of DialogOpener). Without JavaScript, or in a browser without <dialog>, the link
 * is followed and the confirmation page asks.
 */
export function ConfirmLink(props: {
  /** The confirmation page, which also handles the POST. */
  href: string;
  /** Unique on the page. */
  dialogId: string;
  className: string;
  "aria-label"?: string;
  children: React.ReactNode;
  title: string;
  body: string;
  keepLabel: string;
  confirmLabel: string;
  /** Where the confirmed action should lead back to (a local path; the action checks it). */
  returnTo?: string;
}) {
  const titleId = `${props.dialogId}-title`;
  return (
    <>
      <Link
        to={props.returnTo ? `${props.href}?${new URLSearchParams({ returnTo: props.returnTo })}` : props.href}
        data-dialog={props.dialogId}
        aria-haspopup="dialog"
        aria-label={props["aria-label"]}
        className={props.className}
      >
        {props.children}
      </Link>
      <dialog
        id={props.dialogId}
        aria-labelledby={titleId}
        className="w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-center shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id={titleId} className="text-lg font-bold">
          {props.title}
        </h2>
        <p className="mt-3 text-stone-700">{props.body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <form method="dialog">
            <button className={buttonClass("secondary")}>{props.keepLabel}</button>
          </form>
          {/* A plain form on purpose: the confirmation page's action answers with a redirect and its toast. */}
          <form method="post" action={props.href}>
            <RequestKeyField />
            {props.returnTo ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null}
            <button className={buttonClass("danger")}>{props.confirmLabel}</button>
          </form>
        </div>
      </dialog>
    </>
  );
}

// Opens the dialog a [data-dialog] link names, and leaves the link alone where <dialog> is missing.
const OPEN_DIALOG = `document.addEventListener("click",function(e){var a=e.target instanceof Element&&e.target.closest("a[data-dialog]");if(!a)return;var d=document.getElementById(a.getAttribute("data-dialog"));if(!d||typeof d.showModal!=="function")return;e.preventDefault();d.showModal();},true);`;

/**
 * The script behind ConfirmLink, once per page: inline (with the page's nonce) where React never
 * runs, a listener added by React where it does.
 */
export function DialogOpener({ plain, nonce }: { plain: boolean; nonce: string | undefined }) {
  useEffect(() => {
    const open = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-dialog]") : null;
      const dialog = link ? document.getElementById(link.getAttribute("data-dialog") ?? "") : null;
      if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== "function") return;
      event.preventDefault();
      dialog.showModal();
    };
    // Capturing, so the dialog opens before the router's link handler would navigate (it skips prevented clicks).
    document.addEventListener("click", open, true);
    return () => document.removeEventListener("click", open, true);
  }, []);
  return plain ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OPEN_DIALOG }} /> : null;
}
