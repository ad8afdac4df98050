/**
 * Hooks that only some routes need, attached to those routes alone: a hook
 * added to the whole app runs on every request, even to return at once, and
 * each such pass costs the busiest pages (a shared result, docs/BENCHMARKS.md)
 * a promise and its turn of the event loop.
 */
import type { onRequestHookHandler, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { App } from './app-types.ts';

interface RouteHooks {
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
  onSend?: onSendHookHandler;
}

/**
 * For every route added after this call (child scopes included) whose
 * options `wants`, appends `hooks` to the route's own; they run after the
 * app's hooks of the same kind (authentication's, for onRequest).
 */
export function addHooksToRoutes(app: App, wants: (route: RouteOptions) => boolean, hooks: RouteHooks): void {
  app.addHook('onRoute', (route) => {
    if (!wants(route)) return;
    for (const [name, hook] of Object.entries(hooks) as [keyof RouteHooks, RouteHooks[keyof RouteHooks]][]) {
      const own = route[name];
      route[name] = [...(own === undefined ? [] : [own].flat()), hook] as never;
    }
  });
}
