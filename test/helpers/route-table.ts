import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every route of a running app, read from Fastify's own route tree (`printRoutes`), so that
 * tests over "every route" cover routes added later without anyone listing them.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}
