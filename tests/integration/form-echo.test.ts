import { describe, expect, it } from "vitest";
import { action as signup } from "../../app/routes/$lang.signup";
import { useTestDatabase } from "../setup/database";
import { form, initialValue, run } from "./route";

useTestDatabase();

describe("a form that comes back with errors", () => {
  it("echoes the fields the form shows, not whatever else was posted", async () => {
    const junk = "z".repeat(500 * 1024);
    const result = await run(
      signup,
      form("http://localhost:3000/es/signup", { email: "not an email", firstName: "Ana", junk }, { "x-client-ip": "198.51.100.77" }),
      { lang: "es" },
    );
    expect(result.status).toBe(400);
    const echoed = initialValue(result.data);
    expect(echoed.email).toBe("not an email");
    expect(echoed.firstName).toBe("Ana");
    expect(echoed).not.toHaveProperty("junk");
    expect(JSON.stringify(result.data).length).toBeLessThan(10_000);
  });
});
