import { Links, Meta, Outlet } from "@remix-run/react";

/** No scripts: like the product's pages served as plain HTML, nothing hydrates. */
export default function App() {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
      </body>
    </html>
  );
}
