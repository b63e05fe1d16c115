/**
 * Wraps `action` (script text, with `c` bound to the script element that runs it) so that it runs
 * once, after the page's `load`, its first contentful paint and the browser's next idle moment.
 *
 * Why not at `load` itself: on a fast connection `load` comes milliseconds after the parse, before
 * the first paint, and a request started there can finish before that paint. Lighthouse's
 * simulation of a slow phone then replays it in front of the largest paint (decision record 093),
 * and a real slow phone shares its first round trips with it.
 */
export function afterPaintScript(action: string): string {
  return (
    "(function(c){var d;function r(){if(d)return;d=1;" +
    action +
    "}function w(){window.requestIdleCallback?requestIdleCallback(r,{timeout:1500}):setTimeout(r,0)}" +
    // The paint entry is reported once the frame is on screen; a frame callback runs before it is.
    // Browsers without paint timing, and a tab never shown, go on after 3 s.
    'function i(){setTimeout(w,3e3);try{var o=new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),w())});o.observe({type:"paint",buffered:!0})}catch(e){w()}}' +
    'document.readyState==="complete"?i():addEventListener("load",i)})(document.currentScript)'
  );
}
