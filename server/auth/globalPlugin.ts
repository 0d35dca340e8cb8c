// Marks a plugin as non-encapsulated (what the fastify-plugin package does) so its decorations and
// hooks apply to the whole app, without adding a dependency for one symbol.
import type { FastifyPluginAsync } from 'fastify';

export function globalPlugin<T extends FastifyPluginAsync>(plugin: T, name: string): T {
  const marked = plugin as unknown as Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
