import { useLoaderData } from "@remix-run/react";
import { twentyRows } from "../rows.server";

export async function loader() {
  return { rows: await twentyRows() };
}

const when = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });

/** About 570 elements and 46 KB, the size of the search page when this floor was first measured (issue notes). */
export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">Partidas</h1>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((r) => (
          <li key={r.id} className="relative flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
            <div aria-hidden="true" className="flex aspect-video items-center justify-center bg-gradient-to-br from-brand-100 to-stone-200 text-brand-700">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-12 w-12">
                <rect x="3" y="3" width="18" height="18" rx="4" />
                <circle cx="8.5" cy="8.5" r="1.2" />
                <circle cx="15.5" cy="15.5" r="1.2" />
                <circle cx="12" cy="12" r="1.2" />
              </svg>
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div className="flex flex-wrap gap-1">
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Nuevo</span>
              </div>
              <h3 className="text-lg font-semibold leading-snug">
                <a href={`/session/${r.id}`} className="after:absolute after:inset-0 hover:underline">
                  {r.title}
                </a>
              </h3>
              <p className="text-sm text-stone-700">{r.game} · por la narradora de esta mesa, con experiencia en campañas largas y partidas únicas</p>
              <p className="text-sm">{when.format(new Date(r.starts_at))}</p>
              <ul className="flex flex-wrap gap-1 text-xs">
                <li className="rounded-full bg-stone-100 px-2 py-0.5">Partida única</li>
                <li className="rounded-full bg-stone-100 px-2 py-0.5">Para principiantes</li>
                <li className="rounded-full bg-stone-100 px-2 py-0.5">En español</li>
              </ul>
              <p className="text-sm text-stone-600">
                <span className="font-medium">Sobre la mesa:</span> una aventura para grupos pequeños con personajes pregenerados, mapas impresos y música de
                ambiente; ideal para quien juega por primera vez y para quien quiere volver a una mesa tranquila, sin prisas, con pausas para conversar y
                espacio para improvisar. <span className="italic">Trae dados si tienes; si no, la mesa tiene de sobra.</span>
              </p>
              <ul className="flex flex-wrap gap-1 text-xs text-stone-500">
                <li>Dos horas</li>
                <li>En línea</li>
                <li>Cámara opcional</li>
              </ul>
              <div className="mt-auto flex items-center justify-between pt-2 text-sm">
                <span className="font-semibold">{r.price_cents === 0 ? "Gratis" : `$${r.price_cents / 100} ${r.currency}`}</span>
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Quedan lugares</span>
              </div>
              <p className="text-xs text-stone-600">de {r.max_participants} lugares</p>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
