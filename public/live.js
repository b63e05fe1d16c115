// The live layer of every page (decision record 030): the bell's count, toasts, the bell's
// dropdown and a chat's new messages, over one server-sent-events stream. Framework-free so pages
// that ship no React still get it; about 3.5 KiB gzipped. Everything a user wrote is put in the page
// with textContent, never as HTML.
(() => {
  const config = document.getElementById("live-config");
  if (!config || !window.EventSource || !window.fetch) return;
  /** @type {{ lang: string, chat: string | null, me: string, t: Record<string, string> }} */
  const cfg = JSON.parse(config.textContent || "{}");
  const TOAST_MS = 6000; // spec section 9
  const html = document.documentElement;
  const $ = (sel, root) => (root || document).querySelector(sel);
  const tpl = (name) => /** @type {HTMLElement} */ ($(`[data-tpl="${name}"]`).cloneNode(true));
  const slot = (el, name) => $(`[data-slot="${name}"]`, el);
  const fill = (el, name, text) => {
    const node = slot(el, name);
    if (node) node.textContent = text == null ? "" : String(text);
  };
  /** The SVG of a notification's rulebook type, from the page's hidden templates. */
  const drawIcon = (el, category) => {
    const target = slot(el, "icon");
    const icon = $(`[data-tpl="icon-${category}"]`) || $('[data-tpl="icon-SYSTEM"]');
    if (target && icon) target.replaceChildren(...icon.cloneNode(true).childNodes);
  };
  const badgeText = (n) => (n > 99 ? "99+" : String(n));

  function setCount(name, n) {
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
  let toasts;
  function toast(n) {
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
    const action = /** @type {HTMLAnchorElement} */ (slot(el, "action"));
    if (n.actionUrl && n.actionUrl.charAt(0) === "/") action.href = n.actionUrl;
    else action.remove();
    const close = () => el.remove();
    slot(el, "close").addEventListener("click", close);
    setTimeout(close, TOAST_MS);
    toasts.appendChild(el);
    while (toasts.children.length > 3) toasts.firstChild.remove();
  }

  // The dropdown: the latest 10 (spec section 9), mark one, mark all, view all. Without JavaScript the bell is a link.
  let panel;
  const api = (path, method) =>
    fetch(path, { method: method || "GET", credentials: "same-origin", headers: { Accept: "application/json" } }).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    });
  function item(n) {
    const li = tpl("item");
    li.hidden = false;
    drawIcon(li, n.category);
    fill(li, "title", n.title);
    fill(li, "message", n.message);
    if (n.read) li.removeAttribute("data-unread");
    const open = /** @type {HTMLAnchorElement} */ (slot(li, "open"));
    if (n.actionUrl) open.href = n.actionUrl.charAt(0) === "/" && !/^\/(es|en|pt)\//.test(n.actionUrl) ? `/${cfg.lang}${n.actionUrl}` : n.actionUrl;
    else open.remove();
    const mark = slot(li, "read");
    if (n.read) mark.remove();
    else
      mark.addEventListener("click", () => {
        api(`/api/notifications/${n.id}/read`, "PATCH").then(() => {
          li.removeAttribute("data-unread");
          mark.remove();
        });
      });
    return li;
  }
  function render(list) {
    const ul = slot(panel, "list");
    ul.textContent = "";
    list.forEach((n) => ul.appendChild(item(n)));
    slot(panel, "empty").hidden = list.length > 0;
  }
  function togglePanel(bell) {
    if (panel && !panel.hidden) {
      panel.hidden = true;
      bell.setAttribute("aria-expanded", "false");
      return;
    }
    if (!panel) {
      panel = tpl("panel");
      panel.id = "live-panel";
      document.body.appendChild(panel);
      slot(panel, "all").addEventListener("click", () => {
        api("/api/notifications/read-all", "PATCH").then(() => {
          panel.querySelectorAll("[data-unread]").forEach((li) => li.removeAttribute("data-unread"));
          panel.querySelectorAll('[data-slot="read"]').forEach((b) => b.remove());
        });
      });
      document.addEventListener("keydown", (e) => {
        if (e.key === "Escape" && !panel.hidden) togglePanel(bell);
      });
    }
    panel.hidden = false;
    bell.setAttribute("aria-expanded", "true");
    bell.setAttribute("aria-controls", "live-panel");
    api(`/api/notifications?limit=10&lang=${cfg.lang}`).then(render, () => {
      window.location.href = bell.href;
    });
  }

  // A chat page: new messages appear at the end; reading them here moves the read marker.
  const thread = cfg.chat ? $(`[data-live-chat="${cfg.chat}"]`) : null;
  function addMessage(m) {
    if (!thread || document.getElementById(`m${m.id}`)) return;
    const li = tpl("message");
    li.hidden = false;
    li.id = `m${m.id}`;
    if (m.senderId === cfg.me) li.setAttribute("data-mine", "");
    fill(li, "sender", m.senderName);
    fill(li, "content", m.content);
    const time = slot(li, "time");
    if (time) {
      time.setAttribute("datetime", m.createdAt);
      time.textContent = new Date(m.createdAt).toLocaleTimeString(cfg.lang, { hour: "2-digit", minute: "2-digit" });
    }
    const empty = $("[data-chat-empty]");
    if (empty) empty.remove();
    thread.appendChild(li);
    li.scrollIntoView({ block: "end" });
    if (m.senderId !== cfg.me) fetch(`/api/chats/${cfg.chat}/read`, { method: "POST", credentials: "same-origin" });
  }

  // With JavaScript a message is sent without leaving the page; any trouble falls back to the plain form post.
  const form = thread && /** @type {HTMLFormElement} */ ($("[data-chat-form]"));
  if (form)
    form.addEventListener("submit", (e) => {
      const box = /** @type {HTMLTextAreaElement} */ (form.querySelector("textarea"));
      const errors = form.querySelector("ul[aria-live]");
      if (!box || !box.value.trim()) return;
      e.preventDefault();
      fetch(`/api/chats/${cfg.chat}/messages?lang=${cfg.lang}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ content: box.value }),
      })
        .then((r) =>
          r.json().then((b) => {
            if (r.status === 201) {
              box.value = "";
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

  const handlers = {
    unread_count(d) {
      if (typeof d.notifications === "number") setCount("bell", (unread = d.notifications));
      if (typeof d.chats === "number") setCount("chats", (chats = d.chats));
    },
    notification_created(n) {
      setCount("bell", (unread = typeof n.unread === "number" ? n.unread : unread + 1));
      if (n.toast && !(n.type === "new_message" && thread && n.actionUrl && n.actionUrl.indexOf(cfg.chat) !== -1)) toast(n);
      if (panel && !panel.hidden) {
        const ul = slot(panel, "list");
        ul.insertBefore(item(n), ul.firstChild);
        slot(panel, "empty").hidden = true;
      }
    },
    chat_message(d) {
      if (d.chatId === cfg.chat) addMessage(d.message);
      else if (d.message.senderId !== cfg.me) setCount("chats", ++chats);
    },
  };

  // The browser reconnects by itself with Last-Event-ID; when it gives up (a proxy's 502 during a
  // restart) we start again and say where we were, so no event is lost.
  let lastId = "";
  let wait = 1000;
  function connect() {
    const q = `lang=${cfg.lang}${cfg.chat ? `&chat=${cfg.chat}` : ""}${lastId ? `&lastEventId=${lastId}` : ""}`;
    const source = new EventSource(`/api/notifications/stream?${q}`);
    Object.keys(handlers).forEach((kind) =>
      source.addEventListener(kind, (e) => {
        const ev = /** @type {MessageEvent} */ (e);
        if (ev.lastEventId) lastId = ev.lastEventId;
        wait = 1000;
        handlers[kind](JSON.parse(ev.data));
      }),
    );
    source.onopen = () => html.setAttribute("data-live", "open");
    source.onerror = () => {
      html.setAttribute("data-live", "reconnecting");
      if (source.readyState !== 2) return;
      source.close();
      setTimeout(connect, (wait = Math.min(wait * 2, 30000)));
    };
    window.addEventListener("pagehide", () => source.close(), { once: true });
  }
  // A page restored from the back/forward cache had its stream closed on the way out.
  window.addEventListener("pageshow", (e) => e.persisted && connect());

  function start() {
    const bell = /** @type {HTMLAnchorElement} */ ($('[data-live="bell-link"]'));
    if (bell)
      bell.addEventListener("click", (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        togglePanel(bell);
      });
    connect();
  }
  // A page that hydrates React is left alone until it has (changing its markup first breaks hydration).
  if (html.hasAttribute("data-static") || html.hasAttribute("data-hydrated")) start();
  else new MutationObserver((_, obs) => html.hasAttribute("data-hydrated") && (obs.disconnect(), start())).observe(html, { attributes: true });
})();
