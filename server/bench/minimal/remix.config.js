/**
 * The floor the page table compares against (stack notes G35): the smallest Remix v2 app of the
 * same installed versions and future flags, built with the same classic compiler. Built by the
 * bench into server/bench/minimal/build; nothing of the product is in it.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: "app",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "build/public",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
