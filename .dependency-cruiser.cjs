// The layers of Bahi, checked in CI (`pnpm lint:layers`): dependencies point one way, from the
// transport (Hono app, routes, middleware) to the use cases (services) to the domain (packages/gst,
// pure) and storage (db). What two layers share lives in apps/api/src/values, which imports no layer.
const API = "^apps/api/src/";
const IO_MODULES = [
  "fs",
  "fs/promises",
  "net",
  "http",
  "https",
  "http2",
  "dgram",
  "dns",
  "tls",
  "child_process",
  "worker_threads",
  "cluster",
  "readline",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "values-import-no-layer",
      comment:
        "values/ is what every layer may share (JSON text, streams, uploads, problems): it depends on none.",
      severity: "error",
      from: { path: `${API}values/` },
      to: { path: API, pathNot: `${API}values/` },
    },
    {
      name: "storage-knows-no-use-case",
      comment: "db/ is storage: it knows no use case, no transport and no speed machinery.",
      severity: "error",
      from: { path: `${API}db/` },
      to: { path: API, pathNot: [`${API}db/`, `${API}values/`] },
    },
    {
      name: "use-cases-know-no-http",
      comment: "services/ are the use cases: they know nothing of HTTP (routes, middleware, Hono).",
      severity: "error",
      from: { path: `${API}services/` },
      to: { path: [`${API}(http|routes|pages)/`, `${API}(app|server|main)\\.ts$`, `${API}cli/`] },
    },
    {
      name: "use-cases-import-no-hono",
      severity: "error",
      from: {
        path: [
          `${API}services/`,
          `${API}db/`,
          `${API}speed/`,
          `${API}einvoice/`,
          `${API}secrets/`,
          `${API}printing/`,
        ],
      },
      to: { path: "node_modules/(hono|@hono)/" },
    },
    {
      name: "transport-goes-through-use-cases",
      comment: "The transport reaches the database only through the use cases.",
      severity: "error",
      from: { path: [`${API}(http|routes|pages|graphql)/`, `${API}app\\.ts$`] },
      to: { path: [`${API}db/`, `${API}speed/`], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "adapters-know-no-use-case",
      comment:
        "The IRP adapters (einvoice/), the secrets and the PDF renderer (printing/) serve the use cases; they call none.",
      severity: "error",
      from: { path: [`${API}einvoice/`, `${API}secrets/`, `${API}printing/`] },
      to: { path: [`${API}(services|http|routes|cli|speed)/`, `${API}(app|server|main)\\.ts$`] },
    },
    {
      name: "speed-knows-no-transport",
      comment: "speed/ plugs into the use cases and storage; it knows nothing of HTTP.",
      severity: "error",
      from: { path: `${API}speed/` },
      to: { path: [`${API}(http|routes|cli)/`, `${API}(app|server|main)\\.ts$`] },
    },
    {
      name: "domain-is-pure",
      comment: "packages/gst is the GST domain: no I/O, no database, no HTTP, no other package.",
      severity: "error",
      from: { path: "^packages/gst/src/" },
      to: {
        path: [
          "^apps/",
          "^packages/(?!gst/|contract/)",
          "node_modules/(postgres|drizzle-orm|@electric-sql|hono|@hono|pino|ioredis)/",
        ],
      },
    },
    {
      name: "domain-takes-only-types-from-the-contract",
      comment: "The contract's types are the domain's words; its validators and files are not.",
      severity: "error",
      from: { path: "^packages/gst/src/" },
      to: { path: "^packages/contract/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "domain-does-no-io",
      severity: "error",
      from: { path: "^packages/gst/src/" },
      to: { dependencyTypes: ["core"], path: `^(node:)?(${IO_MODULES.join("|")})$` },
    },
    {
      name: "contract-and-sdk-never-import-the-app",
      severity: "error",
      from: { path: "^packages/(sdk|contract)/" },
      to: { path: "^apps/" },
    },
    {
      name: "no-circular-layers",
      comment: "No module reaches itself through another layer.",
      severity: "error",
      from: { path: API },
      to: { circular: true, viaOnly: { path: API, dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["/generated/", "\\.test\\.ts$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".json"],
    },
  },
};
