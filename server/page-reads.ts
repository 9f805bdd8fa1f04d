import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";
import type { AppServices } from "~/context";
import {
  type PageReads,
  PUBLIC_TOPICS,
  type PublicTopic,
  TOPIC_TABLES,
  UNTRACKED_TABLES,
} from "~/domain/public-pages/topics";
import { SHOP_SETTINGS } from "~/domain/settings/registry";

/*
 * What a cached page reads (ADR 0021): declared by its route modules beside
 * their loaders (`export const reads`), and checked on each render for the
 * cache against what the render really read. Nothing here runs when a page is
 * served from the cache.
 */

type RouteModuleReads = { loader?: unknown; reads?: PageReads };

/**
 * The union of the `reads` of the routes `path` matches (the root, the public
 * layout, the page). A matched route with a loader must declare them: a page
 * that reads something undeclared would outlive its change.
 */
export function declaredReads(build: Pick<ServerBuild, "routes">, path: string): ReadonlySet<PublicTopic> {
  const matches = matchRoutes(routeTree(build), path) ?? [];
  if (matches.length === 0) throw new Error(`No route for the cached page ${path}`);
  const topics = new Set<PublicTopic>();
  for (const { route } of matches) {
    const module = build.routes[route.id!]!.module as RouteModuleReads;
    if (module.reads === undefined) {
      if (module.loader) throw new Error(`Route ${route.id} has a loader for the cached page ${path} and no \`reads\``);
      continue;
    }
    for (const topic of module.reads) {
      if (!PUBLIC_TOPICS.includes(topic)) throw new Error(`Route ${route.id} reads an unknown topic "${topic}"`);
      topics.add(topic);
    }
  }
  return topics;
}

const trees = new WeakMap<object, RouteObject[]>();

/** React Router's route tree from the build's flat manifest (each route names its parent). */
function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const known = trees.get(build.routes);
  if (known) return known;
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const { id, path, index, caseSensitive } = route!;
        return index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: children(id) };
      });
  const tree = children(undefined);
  trees.set(build.routes, tree);
  return tree;
}

/** The tables a query names (read or written), from Kysely's operation tree. */
function tablesOf(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, into);
    return;
  }
  if (!node || typeof node !== "object") return;
  const operation = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (operation.kind === "TableNode" && operation.table?.identifier?.name) into.add(operation.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === "object") tablesOf(value, into);
}

/** Notes the tables of every query run through it. */
class TablesRead implements KyselyPlugin {
  constructor(private readonly tables: Set<string>) {}
  transformQuery({ node }: PluginTransformQueryArgs) {
    tablesOf(node, this.tables);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs) {
    return Promise.resolve(result);
  }
}

/** How a read of one setting of the settings copy is noted. */
const SETTING_READ = "setting:";

/**
 * The services one render for the cache gets: the same, with its database
 * noting the tables its queries name, and its settings copy noting each
 * setting read from it (`setting:brandName`).
 */
export function trackedServices(services: AppServices): { services: AppServices; read: ReadonlySet<string> } {
  const read = new Set<string>();
  const settings = {
    async get() {
      const values = await services.settings.get();
      return new Proxy(values, {
        get(target, name, receiver) {
          if (typeof name === "string" && Object.hasOwn(target, name)) read.add(`${SETTING_READ}${name}`);
          return Reflect.get(target, name, receiver) as unknown;
        },
      });
    },
    clear: () => services.settings.clear(),
  };
  return { services: { ...services, db: services.db.withPlugin(new TablesRead(read)), settings }, read };
}

const TOPIC_OF_TABLE = new Map<string, PublicTopic>(
  PUBLIC_TOPICS.flatMap((topic) => TOPIC_TABLES[topic].map((table) => [table, topic] as const)),
);

const SETTINGS_BY_NAME: Readonly<Record<string, { publicTopic?: PublicTopic }>> = SHOP_SETTINGS;

/**
 * What a render read that its page does not declare: a topic, a table no
 * topic covers, or a setting of the copy whose declaration says no page shows
 * it (saving it would leave the page as it was).
 */
export function undeclaredReads(tables: ReadonlySet<string>, declared: ReadonlySet<PublicTopic>): string[] {
  const undeclared = new Set<string>();
  for (const table of tables) {
    if (UNTRACKED_TABLES.includes(table)) continue;
    if (table.startsWith(SETTING_READ)) {
      const name = table.slice(SETTING_READ.length);
      const topic = SETTINGS_BY_NAME[name]?.publicTopic;
      if (!topic) undeclared.add(`setting ${name} (no publicTopic)`);
      else if (!declared.has(topic)) undeclared.add(topic);
      continue;
    }
    const topic = TOPIC_OF_TABLE.get(table);
    if (!topic) undeclared.add(`table ${table} (no topic)`);
    else if (!declared.has(topic)) undeclared.add(topic);
  }
  return [...undeclared];
}
