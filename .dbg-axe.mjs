import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const base = "http://127.0.0.1:4789";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const ctx = await browser.newContext({ baseURL: base, locale: "es-MX" });
const page = await ctx.newPage();
const [who, pw, ...paths] = process.argv.slice(2);
if (who !== "-") {
  await page.goto("/es/login");
  await page.locator("input[name=email]").fill(who);
  await page.locator("input[name=password]").fill(pw);
  await page.locator("form#login button[type=submit]").click();
  await page.waitForURL((u) => !u.pathname.endsWith("/login"));
}
for (const p of paths) {
  await page.goto(p);
  const r = await new AxeBuilder({ page }).withTags(["wcag2a","wcag2aa","wcag22aa"]).analyze();
  console.log(p, r.violations.length);
  for (const v of r.violations) for (const n of v.nodes.slice(0,3)) console.log(v.id, n.target.join(" "), "\n  ", n.failureSummary, "\n  ", n.html.slice(0,200));
}
await browser.close();
