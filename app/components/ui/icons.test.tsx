import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

describe("interface icons", () => {
  const all = Object.entries(icons).filter(([name]) => name.endsWith("Icon")) as [string, (p: icons.IconProps) => React.ReactNode][];

  it.each(all)("%s is an inline SVG hidden from assistive technology, drawn in the text's colour", (_name, Icon) => {
    const markup = renderToStaticMarkup(<Icon className="h-6 w-6" />);
    expect(markup).toMatch(/^<svg /);
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('focusable="false"');
    expect(markup).toContain('stroke="currentColor"');
    expect(markup).toContain('class="h-6 w-6"');
  });
});
