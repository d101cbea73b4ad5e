import type { PermissionNode } from '@keel/contract/permissions/types';
import { describe, expect, it } from 'vitest';
import { buildMenu, menuPages } from './menu-tree';

const n = (
  id: string,
  parent: string | null,
  kind: PermissionNode['kind'],
  route?: string,
  scope: PermissionNode['scope'] = 'property',
): PermissionNode => ({
  id,
  parent,
  kind,
  route,
  scope,
  name: { 'zh-cn': `${id}-zh`, en: `${id}-en` },
});

const catalogue = [
  n('general', null, 'menu'),
  n('general.home', 'general', 'page', '/home'),
  { ...n('general.landing', 'general', 'page', '/'), inMenu: false as const },
  n('account', null, 'menu'),
  n('account.property', 'account', 'page', '/Account/PropertyPage'),
  n('account.property.edit', 'account.property', 'function'),
  n('account.title', 'account', 'page', '/Account/TitlePage'),
  n('back', null, 'menu', undefined, 'platform'),
  n('back.home', 'back', 'page', '/Backend/BackendHome', 'platform'),
];
const routes = new Set(['/', '/home', '/Account/PropertyPage', '/Backend/BackendHome']);

describe('menu from the permission catalogue', () => {
  it('keeps allowed pages that have a route file, and menus with something below', () => {
    const menu = buildMenu(catalogue, {
      scope: 'property',
      allowed: new Set(['general.home', 'account.property', 'account.title']),
      hasRoute: (p) => routes.has(p),
      locale: 'en',
    });
    expect(menu.map((m) => m.id)).toEqual(['general', 'account']);
    expect(menuPages(menu).map((p) => p.route)).toEqual(['/home', '/Account/PropertyPage']);
    expect(menu[1].label).toBe('account-en');
  });

  it('leaves out pages marked inMenu: false, though allowed and routed', () => {
    const menu = buildMenu(catalogue, {
      scope: 'property',
      allowed: null,
      hasRoute: (p) => routes.has(p),
      locale: 'en',
    });
    expect(menuPages(menu).map((m) => m.route)).not.toContain('/');
    expect(menuPages(menu).map((m) => m.route)).toContain('/home');
  });

  it('drops what the menu-id list does not allow', () => {
    const menu = buildMenu(catalogue, {
      scope: 'property',
      allowed: new Set(['general.home']),
      hasRoute: (p) => routes.has(p),
      locale: 'zh-cn',
    });
    expect(menu.map((m) => m.id)).toEqual(['general']);
    expect(menu[0].children[0].label).toBe('general.home-zh');
    expect(buildMenu(catalogue, { scope: 'property', allowed: new Set(), hasRoute: () => true, locale: 'en' })).toEqual(
      [],
    );
  });

  it('builds the back office from platform nodes', () => {
    const menu = buildMenu(catalogue, {
      scope: 'platform',
      allowed: null,
      hasRoute: (p) => routes.has(p),
      locale: 'en',
    });
    expect(menuPages(menu).map((p) => p.route)).toEqual(['/Backend/BackendHome']);
  });
});
