/**
 * Picks, from the built stylesheet, the rules a set of source files can use (decision record 093).
 *
 * Tailwind writes a rule for a class when the class's name appears in a content file. A page's
 * elements can only carry classes written in the files that render it, so the rules whose classes
 * all appear in those files are every rule that can match on that page. They are copied verbatim
 * and in their order from the full stylesheet: the page looks the same with them alone as with the
 * full stylesheet, and the same again once both are present (each copied rule is repeated later,
 * identical, in the full one), so its arrival moves nothing.
 */
import postcss, { type AtRule, type ChildNode, type Container, type Root, type Rule } from "postcss";

// What may sit right before or after a class name inside a larger word ("flex" in "inline-flex").
const WORD = /[A-Za-z0-9_-]/;

/**
 * The class names a selector needs present for it to match: those outside `:not(…)` (a negated
 * class need not be on the page) and outside attribute selectors (`[href$=".pdf"]` names no class).
 */
export function requiredClasses(selector: string): string[] {
  const bare = selector.replace(/:not\((?:\\.|[^()\\])*\)/g, "").replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]/g, "");
  const classes: string[] = [];
  for (const match of bare.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[A-Za-z0-9_-])+)/g)) classes.push(unescapeClass(match[1]!));
  return classes;
}

function unescapeClass(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_all, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

/** Every class name the stylesheet's selectors mention. */
export function classesOfStylesheet(root: Root): Set<string> {
  const classes = new Set<string>();
  root.walkRules((rule) => {
    for (const selector of rule.selectors) for (const name of requiredClasses(selector)) classes.add(name);
  });
  return classes;
}

/**
 * The stylesheet's classes whose names appear in `source` as a whole word. Tailwind's own scan
 * finds a class only where its name is written out, so this finds at least what Tailwind would;
 * a name inside a comment or a sentence is kept too, which costs a few bytes and nothing else.
 */
export function classesWrittenIn(source: string, classes: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const name of classes) {
    for (let at = source.indexOf(name); at !== -1; at = source.indexOf(name, at + 1)) {
      const before = source[at - 1];
      const after = source[at + name.length];
      if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after))) {
        found.add(name);
        break;
      }
    }
  }
  return found;
}

/**
 * The full stylesheet with only the rules that can match when the page's elements carry only
 * classes from `used`: a rule stays when one of its selectors needs no class outside `used`
 * (element rules, the reset, the base layer stay whole). Media and support blocks keep their kept
 * rules and go when none is left; keyframes stay only when a kept rule names them.
 */
export function selectRules(full: Root, used: ReadonlySet<string>): string {
  const root = full.clone();
  const keep = (rule: Rule) => rule.selectors.some((selector) => requiredClasses(selector).every((name) => used.has(name)));
  const prune = (container: Container<ChildNode>) => {
    container.each((node) => {
      if (node.type === "rule") {
        if (!keep(node)) node.remove();
      } else if (node.type === "atrule" && node.nodes && !/keyframes$/i.test(node.name)) {
        prune(node);
        if (node.nodes.length === 0) node.remove();
      }
    });
  };
  prune(root);
  const animations = new Set<string>();
  root.walkDecls(/^(?:-webkit-)?animation(?:-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules(/keyframes$/i, (rule: AtRule) => {
    if (!animations.has(rule.params.trim())) rule.remove();
  });
  return root.toString();
}

export const parseStylesheet = (css: string, from?: string): Root => postcss.parse(css, from ? { from } : undefined);
