import type { FastifyInstance } from 'fastify';
import type { MountedRoute } from './raw-routes';

const census = new WeakMap<FastifyInstance, MountedRoute[]>();

/**
 * Records every route mounted on `app` from now on, in every context registered after it (an `onRoute` hook is
 * inherited): called first thing when the app is built, so that `mountedRoutes` is all of them. The guard suite
 * checks the list against the contract and raw-routes.ts, and builds its cases from it.
 */
export function takeRouteCensus(app: FastifyInstance): void {
  const routes: MountedRoute[] = [];
  census.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, path: route.url });
  });
}

/** The routes mounted on `app` since `takeRouteCensus` (each method on its own). */
export const mountedRoutes = (app: FastifyInstance): readonly MountedRoute[] => census.get(app) ?? [];
