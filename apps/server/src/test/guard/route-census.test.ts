import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { afterAll, expect, it } from 'vitest';
import { rawRoutes, unmatchedRoutes } from '../../platform/http/raw-routes';
import { mountedRoutes } from '../../platform/http/route-census';
import { describeEachDb } from '../harness';
import { testWebDist } from './raw-world';

/**
 * Every route the app mounts (recorded by its `onRoute` census, the built console's included) is a contract
 * endpoint or declared in platform/http/raw-routes.ts, and every declared raw route is mounted: a route added
 * without a declaration, or a declaration left behind by a route removed, fails here.
 */
const all = Object.values(endpoints) as Endpoint[];
const web = testWebDist();
afterAll(() => web.drop());
const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describeEachDb(
  'route census',
  (env) => {
    it('declares every mounted route: a contract endpoint or a raw route', () => {
      const mounted = mountedRoutes(env().app);
      expect(mounted.length).toBeGreaterThan(all.length);
      expect(
        unmatchedRoutes(mounted, all).map(name),
        'mounted but declared nowhere: declare each in platform/http/raw-routes.ts (its credential, body, parameters)',
      ).toEqual([]);
    });

    it('mounts every declared raw route', () => {
      const mounted = new Set(mountedRoutes(env().app).map(name));
      const raw = rawRoutes.filter((r) => !mounted.has(name(r)));
      expect(raw.map(name), 'declared in platform/http/raw-routes.ts but mounted by nothing').toEqual([]);
      console.info(`route census [${env().dialect}]: ${rawRoutes.length} raw routes declared, ${mounted.size} mounted`);
    });

    it('names a route declared nowhere', () => {
      const stray = [
        { method: 'GET', path: '/api/undeclared' },
        { method: 'DELETE', path: '/healthz' },
        { method: 'HEAD', path: '/api/devices/v1/authentication/auth_requests' },
        { method: 'GET', path: '/:tenant/controller/v1/:controllerId/undeclared' },
      ];
      expect(unmatchedRoutes(stray, all)).toEqual(stray);
      expect(
        unmatchedRoutes(
          [
            { method: 'HEAD', path: '/healthz' },
            { method: 'GET', path: '/api/a/login' },
          ],
          all,
        ),
      ).toEqual([{ method: 'GET', path: '/api/a/login' }]);
    });
  },
  { config: () => ({ WEB_DIST: web.dir }) },
);
