import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { RequestKeyField } from "#app/components/ui/request-key-field";

type Seat = { id: string; guest_name: string; guest_email: string; status: string; paid_by: string | null };

/** The booker's group: each guest's seat and its state, with the buttons that give up seats still held (not those a payment covers). */
export function YourGroup({ seats }: { seats: Seat[] }) {
  const { t } = useTranslation("groups");
  if (seats.length === 0) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold">{t("page.yourGroup")}</h2>
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-300" data-testid="group-seats">
        {seats.map((seat) => (
          <li key={seat.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="min-w-0 break-words">
              {seat.guest_name} · <span className="text-sm text-stone-700">{seat.guest_email}</span> ·{" "}
              <span className="text-sm">{seat.status === "PENDING" ? t("paid.pendingSeat") : seat.status === "HELD" ? t("page.held") : t("page.claimed")}</span>
            </span>
            {seat.status === "HELD" && !seat.paid_by ? (
              <Form method="post">
                <RequestKeyField />
                <input type="hidden" name="seatId" value={seat.id} />
                <Button type="submit" name="intent" value="cancel" variant="secondary">
                  {t("page.cancelOne")}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {seats.some((s) => s.status === "HELD" && !s.paid_by) ? (
        <Form method="post">
          <RequestKeyField />
          <Button type="submit" name="intent" value="cancel" variant="secondary">
            {t("page.cancelAll")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
