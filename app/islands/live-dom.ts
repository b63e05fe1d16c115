/**
 * What the live layer (app/islands/live.ts) shares about the page: the shapes it receives and the few
 * helpers that fetch its hidden templates (app/components/layout/live-templates.tsx), clone them and
 * fill their slots with text (never HTML).
 */
import type { drawAttachment } from "./chat-upload";

export type Config = { lang: string; chat: string | null; me: string; tpl: string; lazy?: boolean; t: Record<string, string> };
export type Notification = {
  id: string;
  type: string;
  title: string;
  message: string;
  category: string;
  actionUrl: string | null;
  read?: boolean;
  toast?: boolean;
  unread?: number;
};
export type Message = Parameters<typeof drawAttachment>[1] & { removed?: boolean };

export const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);
export const tpl = <T extends HTMLElement = HTMLElement>(name: string) => $<T>(`[data-tpl="${name}"]`)!.cloneNode(true) as T;
export const slot = <T extends HTMLElement = HTMLElement>(el: ParentNode, name: string) => $<T>(`[data-slot="${name}"]`, el);
export const fill = (el: ParentNode, name: string, text: unknown) => {
  const node = slot(el, name);
  if (node) node.textContent = text == null ? "" : String(text);
};
/** The SVG of a notification's rulebook type, from the page's hidden templates. */
export const drawIcon = (el: ParentNode, category: string) => {
  const target = slot(el, "icon");
  const icon = $(`[data-tpl="icon-${category}"]`) || $('[data-tpl="icon-SYSTEM"]');
  if (target && icon) target.replaceChildren(...icon.cloneNode(true).childNodes);
};
/**
 * Fetches the templates (our own server's markup at our own address, the same for every viewer: no
 * one's text is in it) into a hidden element. Tries up to four times, 2, 4 and 8 s apart.
 */
export async function loadTemplates(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) continue;
      const holder = document.createElement("div");
      holder.hidden = true;
      holder.innerHTML = await response.text();
      document.body.appendChild(holder);
      return true;
    } catch {
      // Offline for now: the next attempt may find the network back.
    }
  }
  return false;
}
export const badgeText = (n: number) => (n > 99 ? "99+" : String(n));
