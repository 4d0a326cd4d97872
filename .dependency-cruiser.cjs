// The layers of src/ (docs/architecture.md §2 draws them): an import may point down or sideways
// within its layer, never up, and no file may reach itself again through its imports.
// `npm run lint` runs this (depcruise); a rule's name says which layer climbed to which.

/** Top to bottom: each layer may import its own and those below it. */
const LAYERS = [
  { name: "app", path: "^src/(app/|i18n/|instrumentation\\.ts$|proxy\\.ts$)" },
  { name: "ui", path: "^src/components/" },
  { name: "doors", path: "^src/server/(rest|trpc|portal|box-tus|workers|oauth|backup)/" },
  { name: "domain", path: "^src/server/domain/" },
  { name: "services", path: "^src/server/(media|payments|jobs|lease|mail|auth|webhooks)/" },
  { name: "kernel", path: "^src/server/core/" },
  { name: "db", path: "^src/server/db/" },
  { name: "base", path: "^src/(server/(env\\.ts$|instance-secret\\.mjs$|i18n/|http/|log/|metrics/)|lib/|generated/|messages/|types/)" },
];

const climbs = LAYERS.flatMap((lower, i) =>
  LAYERS.slice(0, i).map((upper) => ({
    name: `${lower.name}-imports-${upper.name}`,
    comment: `${lower.name} is below ${upper.name}: it may not import it (docs/architecture.md §2)`,
    severity: "error",
    from: { path: lower.path },
    to: { path: upper.path },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...climbs,
    {
      name: "no-circular",
      comment: "a file reaches itself again through its imports",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "ui-imports-server",
      comment:
        "components reach the server for its types only (import type): a value would pull server code into the page's bundle; values come from lib/ and the base tier (env, i18n, http)",
      severity: "error",
      from: { path: "^src/components/" },
      to: {
        path: "^src/server/",
        pathNot: "^src/server/(env\\.ts$|i18n/|http/)",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "src-imports-scripts",
      comment: "the product does not import the repository's scripts",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^scripts/" },
    },
    {
      name: "unlayered",
      comment: "every file of src/ belongs to a layer: add its folder to LAYERS",
      severity: "error",
      from: { path: "^src/", pathNot: LAYERS.map((l) => l.path) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".d.mts", ".cjs", ".json"],
    },
  },
};
