/**
 * The live layer of every page of a signed-in user (decision records 030 and 039): the bell's
 * count, toasts, the bell's dropdown and a chat's new messages, over one event stream. Built with
 * the app by server/build-islands.ts into one small script without a framework, so pages that ship
 * no React get it too (budget: 8 KiB gzipped, tests/e2e/page-weight.spec.ts). Everything a user
 * wrote is put in the page with textContent, never as HTML. The markup it fills
 * (app/components/layout/live-templates.tsx, translated on the server, the same for everyone) is
 * fetched first from the address in its settings and kept hidden in the page.
 */
import { drawAttachment, enhanceUpload, renewSendKey, sendKeyHeader } from "./chat-upload";
import { $, badgeText, type Config, drawIcon, fill, loadTemplates, type Message, type Notification, slot, tpl } from "./live-dom";
import { openLiveStream } from "./live-transport";

const TOAST_MS = 6000; // spec section 9

function main() {
  const configEl = document.getElementById("live-config");
  if (!configEl || !window.fetch || !window.XMLHttpRequest) return;
  const cfg = JSON.parse(configEl.textContent || "{}") as Config;
  const html = document.documentElement;

  function setCount(name: "bell" | "chats", n: unknown) {
    const badge = $(`[data-live="${name}"]`);
    if (!badge || typeof n !== "number") return;
    badge.textContent = badgeText(n);
    badge.hidden = n <= 0;
    const link = badge.closest("a");
    const label = cfg.t[`${name}Label`];
    if (link && label) link.setAttribute("aria-label", n > 0 ? `${label}: ${badgeText(n)}` : label);
  }
  let unread = 0;
  let chats = 0;

  // Toasts: at most three on screen, each for 6 s (spec section 4), with an action when it has a link.
  let toasts: HTMLElement | undefined;
  function toast(n: Notification) {
    if (!toasts) {
      toasts = document.createElement("div");
      toasts.className = tpl("toasts").className;
      document.body.appendChild(toasts);
    }
    const el = tpl("toast");
    el.hidden = false;
    drawIcon(el, n.category);
    fill(el, "title", n.title);
    fill(el, "message", n.message);
    const action = slot<HTMLAnchorElement>(el, "action")!;
    if (n.actionUrl && n.actionUrl.charAt(0) === "/") action.href = n.actionUrl;
    else action.remove();
    const close = () => el.remove();
    slot(el, "close")?.addEventListener("click", close);
    setTimeout(close, TOAST_MS);
    toasts.appendChild(el);
    while (toasts.children.length > 3) toasts.firstChild?.remove();
  }

  // The dropdown: the latest 10 (spec section 9), mark one, mark all, view all. Without JavaScript the bell is a link.
  let panel: HTMLElement | undefined;
  const api = <T>(path: string, method = "GET") =>
    fetch(path, { method, credentials: "same-origin", headers: { Accept: "application/json" } }).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json() as Promise<T>;
    });
  function item(n: Notification) {
    const li = tpl("item");
    li.hidden = false;
    drawIcon(li, n.category);
    fill(li, "title", n.title);
    fill(li, "message", n.message);
    if (n.read) li.removeAttribute("data-unread");
    const open = slot<HTMLAnchorElement>(li, "open")!;
    if (n.actionUrl) open.href = n.actionUrl.charAt(0) === "/" && !/^\/(es|en|pt)\//.test(n.actionUrl) ? `/${cfg.lang}${n.actionUrl}` : n.actionUrl;
    else open.remove();
    const mark = slot(li, "read")!;
    if (n.read) mark.remove();
    else
      mark.addEventListener("click", () => {
        void api(`/api/notifications/${n.id}/read`, "PATCH").then(() => {
          li.removeAttribute("data-unread");
          mark.remove();
        });
      });
    return li;
  }
  function render(list: Notification[]) {
    const ul = slot(panel!, "list")!;
    ul.textContent = "";
    list.forEach((n) => ul.appendChild(item(n)));
    slot(panel!, "empty")!.hidden = list.length > 0;
  }
  function togglePanel(bell: HTMLAnchorElement) {
    if (panel && !panel.hidden) {
      panel.hidden = true;
      bell.setAttribute("aria-expanded", "false");
      return;
    }
    if (!panel) {
      const made = (panel = tpl("panel"));
      made.id = "live-panel";
      document.body.appendChild(made);
      slot(made, "all")?.addEventListener("click", () => {
        void api("/api/notifications/read-all", "PATCH").then(() => {
          made.querySelectorAll("[data-unread]").forEach((li) => li.removeAttribute("data-unread"));
          made.querySelectorAll('[data-slot="read"]').forEach((b) => b.remove());
        });
      });
      document.addEventListener("keydown", (e) => {
        if (e.key === "Escape" && !made.hidden) togglePanel(bell);
      });
    }
    panel.hidden = false;
    bell.setAttribute("aria-expanded", "true");
    bell.setAttribute("aria-controls", "live-panel");
    api<Notification[]>(`/api/notifications?limit=10&lang=${cfg.lang}`).then(render, () => {
      window.location.href = bell.href;
    });
  }

  // A chat page: new messages appear at the end; reading them here moves the read marker.
  const thread = cfg.chat ? $(`[data-live-chat="${cfg.chat}"]`) : null;
  // A message an admin removed: its note replaces its text, and it can no longer be reported.
  function markRemoved(li: HTMLElement | null) {
    if (!li || !thread) return;
    li.setAttribute("data-removed", "");
    fill(li, "content", thread.getAttribute("data-removed-text"));
    slot(li, "report")?.remove();
    // Its picture or file goes with its text.
    slot(li, "image-link")?.remove();
    slot(li, "file")?.remove();
    const content = slot(li, "content");
    if (content) content.hidden = false;
  }
  function addMessage(m: Message) {
    if (!thread || document.getElementById(`m${m.id}`)) return;
    const li = tpl("message");
    li.hidden = false;
    li.id = `m${m.id}`;
    if (m.senderId === cfg.me) li.setAttribute("data-mine", "");
    fill(li, "sender", m.senderName);
    fill(li, "content", m.content);
    const report = slot<HTMLAnchorElement>(li, "report");
    if (report) report.href += m.id;
    if (m.senderId === cfg.me) report?.remove();
    drawAttachment(li, m, cfg.lang, words.photoAlt || "");
    if (m.removed) markRemoved(li);
    const time = slot(li, "time");
    if (time) {
      time.setAttribute("datetime", m.createdAt);
      time.textContent = new Date(m.createdAt).toLocaleTimeString(cfg.lang, { hour: "2-digit", minute: "2-digit" });
    }
    $("[data-chat-empty]")?.remove();
    thread.appendChild(li);
    li.scrollIntoView({ block: "end" });
    if (m.senderId !== cfg.me) void fetch(`/api/chats/${cfg.chat}/read`, { method: "POST", credentials: "same-origin" });
  }

  // With JavaScript a message is sent without leaving the page; any trouble falls back to the plain form post.
  const form = thread ? $<HTMLFormElement>("[data-chat-form]") : null;
  const words = JSON.parse(form?.getAttribute("data-words") || "{}") as Record<string, string>;
  const showError = (text: string) => {
    const errors = form?.querySelector("ul[aria-live]");
    if (!errors) return;
    errors.textContent = "";
    if (!text) return;
    const li = document.createElement("li");
    li.textContent = text;
    errors.appendChild(li);
  };
  const upload = form ? enhanceUpload(form, { chat: cfg.chat!, lang: cfg.lang, onSent: (m) => addMessage(m), showError }) : null;
  if (form)
    form.addEventListener("submit", (e) => {
      if (upload?.submit(e)) return;
      const box = form.querySelector("textarea");
      const errors = form.querySelector("ul[aria-live]");
      if (!box || !box.value.trim()) return;
      e.preventDefault();
      const sent = box.value;
      fetch(`/api/chats/${cfg.chat}/messages?lang=${cfg.lang}`, {
        method: "POST",
        credentials: "same-origin",
        // The form's key: if the answer is lost and the plain post below sends the message again, it is posted once (decision record 096).
        headers: { "Content-Type": "application/json", Accept: "application/json", ...sendKeyHeader(form) },
        body: JSON.stringify({ content: sent }),
      })
        .then((r) =>
          (r.json() as Promise<{ message?: Message; error?: string }>).then((b) => {
            if (r.status === 201 && b.message) {
              // On a slow network the next message may be half typed by now: only the sent text is cleared.
              if (box.value === sent) box.value = "";
              renewSendKey(form);
              box.removeAttribute("aria-invalid");
              if (errors) errors.textContent = "";
              addMessage(b.message);
            } else if (errors && b.error) {
              const li = document.createElement("li");
              li.textContent = b.error;
              errors.textContent = "";
              errors.appendChild(li);
              box.setAttribute("aria-invalid", "true");
            } else form.submit();
          }),
        )
        .catch(() => form.submit());
    });

  const handlers: Record<string, (data: never) => void> = {
    unread_count(d: { notifications?: number; chats?: number }) {
      if (typeof d.notifications === "number") setCount("bell", (unread = d.notifications));
      if (typeof d.chats === "number") setCount("chats", (chats = d.chats));
    },
    notification_created(n: Notification) {
      setCount("bell", (unread = typeof n.unread === "number" ? n.unread : unread + 1));
      if (n.toast && !(n.type === "new_message" && thread && n.actionUrl && cfg.chat && n.actionUrl.indexOf(cfg.chat) !== -1)) toast(n);
      if (panel && !panel.hidden) {
        const ul = slot(panel, "list")!;
        ul.insertBefore(item(n), ul.firstChild);
        slot(panel, "empty")!.hidden = true;
      }
    },
    chat_message(d: { chatId: string; message: Message }) {
      if (d.chatId === cfg.chat) addMessage(d.message);
      else if (d.message.senderId !== cfg.me) setCount("chats", ++chats);
    },
    chat_message_removed(d: { chatId: string; messageId: number }) {
      if (d.chatId === cfg.chat) markRemoved(document.getElementById(`m${d.messageId}`));
    },
  };

  // One stream per page; a reconnection says where it was (Last-Event-ID), so no event is lost.
  let stream: ReturnType<typeof openLiveStream> | null = null;
  let lastId = "";
  // Saving data, a page keeps the server's counts and opens no stream until the bell's dropdown or
  // a chat is opened: a stream held open costs the phone's radio more than its bytes.
  let wanted = !cfg.lazy || !!cfg.chat;
  function connect() {
    wanted = true;
    if (stream) return;
    stream = openLiveStream({
      url: `/api/notifications/stream?lang=${cfg.lang}${cfg.chat ? `&chat=${cfg.chat}` : ""}`,
      kinds: Object.keys(handlers),
      lastEventId: lastId,
      onEvent: (e) => handlers[e.kind]?.(e.data as never),
      onState: (state) => html.setAttribute("data-live", state),
    });
  }
  // Leaving the page closes the stream (the server frees its place at once); a page restored
  // from the back/forward cache opens it again from where it was.
  window.addEventListener("pagehide", () => {
    if (!stream) return;
    lastId = stream.lastEventId();
    stream.close();
    stream = null;
  });
  window.addEventListener("pageshow", (e) => e.persisted && wanted && connect());

  function start() {
    const bell = $<HTMLAnchorElement>('[data-live="bell-link"]');
    if (bell)
      bell.addEventListener("click", (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        togglePanel(bell);
        connect();
      });
    // "idle": saving data, ready but not connected (the bell's count is the server's until opened).
    if (wanted) connect();
    else html.setAttribute("data-live", "idle");
  }
  // A page that hydrates React is left alone until it has (changing its markup first breaks hydration).
  const whenHydrated = () =>
    html.hasAttribute("data-static") || html.hasAttribute("data-hydrated")
      ? start()
      : new MutationObserver((_, observer) => {
          if (!html.hasAttribute("data-hydrated")) return;
          observer.disconnect();
          start();
        }).observe(html, { attributes: true });
  // Nothing is shown before the templates are in; a failed fetch (the network dropped) is tried
  // again a few times, and meanwhile the page is as it was served.
  void loadTemplates(cfg.tpl).then((loaded) => loaded && whenHydrated());
}

main();
