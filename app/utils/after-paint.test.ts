import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { afterPaintScript } from "./after-paint";

type Queued = { kind: string; run: () => void };

/** A page in the making: each browser step is queued and run only when the test says so. */
function fakePage(readyState: "loading" | "complete", features: { paintTiming: boolean; idleCallback: boolean }) {
  const steps: string[] = [];
  const queue: Queued[] = [];
  let onLoad: (() => void) | null = null;
  let onPaint: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
  const window: Record<string, unknown> = {
    setTimeout: (f: () => void, ms = 0) => queue.push({ kind: `timer ${ms}`, run: f }),
    addEventListener: (type: string, f: () => void) => type === "load" && (onLoad = f),
    document: { readyState, currentScript: { id: "me" } },
    ran: (id: string) => steps.push(`ran with ${id}`),
  };
  if (features.idleCallback) {
    window.requestIdleCallback = (f: () => void, options: { timeout: number }) => queue.push({ kind: `idle ${options.timeout}`, run: f });
  }
  window.PerformanceObserver = class {
    constructor(callback: typeof onPaint) {
      onPaint = callback;
    }
    observe(options: { type: string; buffered: boolean }) {
      if (!features.paintTiming || options.type !== "paint" || !options.buffered) throw new TypeError("unsupported");
    }
    disconnect() {
      onPaint = null;
    }
  };
  window.window = window;
  const run = (kind: string) => {
    const at = queue.findIndex((q) => q.kind === kind);
    if (at < 0) throw new Error(`no ${kind} queued`);
    const [step] = queue.splice(at, 1);
    steps.push(kind);
    step!.run();
  };
  const paint = (name: string) => onPaint?.({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  return { window, steps, queue, run, paint, load: () => onLoad?.() };
}

describe("afterPaintScript", () => {
  it("waits for load, then the first contentful paint, then an idle moment, and runs once", () => {
    const page = fakePage("loading", { paintTiming: true, idleCallback: true });
    runInNewContext(afterPaintScript("ran(c.id)"), page.window);
    page.load();
    page.paint("first-paint");
    expect(page.queue.map((q) => q.kind)).toEqual(["timer 3000"]);
    page.paint("first-contentful-paint");
    page.run("idle 1500");
    expect(page.steps).toEqual(["idle 1500", "ran with me"]);
    // The 3 s fallback comes later and does nothing more.
    page.run("timer 3000");
    page.run("idle 1500");
    expect(page.steps.filter((s) => s.startsWith("ran"))).toHaveLength(1);
  });

  it("goes on after 3 s when the paint is never reported", () => {
    const page = fakePage("complete", { paintTiming: true, idleCallback: false });
    runInNewContext(afterPaintScript("ran(c.id)"), page.window);
    page.run("timer 3000");
    page.run("timer 0");
    expect(page.steps).toEqual(["timer 3000", "timer 0", "ran with me"]);
  });

  it("runs at the next idle moment in a browser without paint timing", () => {
    const page = fakePage("complete", { paintTiming: false, idleCallback: true });
    runInNewContext(afterPaintScript("ran(c.id)"), page.window);
    page.run("idle 1500");
    expect(page.steps).toEqual(["idle 1500", "ran with me"]);
  });
});
