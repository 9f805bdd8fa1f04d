// Every package in package.json must be used: imported by the code, tests, scripts or config files,
// pulled in by CSS, run as a command by an npm script or a shell script, or (for @types/x) typing a
// package that is used. dependency-cruiser checks the other direction (nothing used is undeclared).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOTS = ["app", "server", "scripts", "tests"];
const SKIP = new Set(["node_modules", "build", ".react-router", "observatory"]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const SHELL = /\.sh$/;

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const declared = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const sources = [...ROOTS.flatMap((root) => [...files(root)]), ...readdirSync(".").filter((f) => SOURCE.test(f))];

// Bare module specifiers: `from "x"`, `import "x"`, `import("x")`, `require("x")`, `require.resolve("x")`
// (a package's data files, such as fonts), CSS `@import "x"`.
const SPECIFIER =
  /(?:\bfrom|\bimport|\bimport\(|\brequire\(|\brequire\.resolve\(|@import|@plugin)\s*["']([^"'./~][^"']*)["']/g;
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

const used = new Set();
for (const file of sources.filter((f) => SOURCE.test(f))) {
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
    if (!specifier.startsWith("node:")) used.add(packageOf(specifier));
  }
}

// Commands: npm scripts, shell scripts and CI, matched against the binaries each package installs.
const commands = [
  ...Object.values(pkg.scripts ?? {}),
  ...sources.filter((f) => SHELL.test(f)).map((f) => readFileSync(f, "utf8")),
  ...(existsSync(".ci/run") ? [readFileSync(".ci/run", "utf8")] : []),
].join("\n");
for (const name of declared) {
  const manifest = join("node_modules", name, "package.json");
  if (!existsSync(manifest)) continue;
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  const bins = typeof bin === "string" ? [name.split("/").pop()] : Object.keys(bin ?? {});
  if (
    bins.some((b) =>
      new RegExp(`(^|[\\s;&|(])(npx\\s+)?${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`, "m").test(commands),
    )
  ) {
    used.add(name);
  }
}

// tsconfig.json's "types" loads @types/node without an import.
const typesOf = (name) => name.replace(/^@types\//, "").replace(/^(.+)__(.+)$/, "@$1/$2");
used.add("@types/node");

const unused = declared.filter((name) => !used.has(name) && !(name.startsWith("@types/") && used.has(typesOf(name))));
if (unused.length > 0) {
  console.error(`Declared in package.json but used nowhere: ${unused.join(", ")}`);
  console.error("Remove them (npm uninstall <name>) or use them.");
  process.exit(1);
}
console.log(`All ${declared.length} packages in package.json are used.`);
