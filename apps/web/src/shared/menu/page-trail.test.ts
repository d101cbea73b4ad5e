import { describe, expect, it } from 'vitest';
import { documentTitle, pageTrail } from './page-trail';
import { menuNodes } from './use-menu';

describe('pageTrail', () => {
  it('finds a page with the menus above it, in either language', () => {
    expect(pageTrail(menuNodes, '/Account/TitlePage', 'zh-cn')?.names).toEqual(['物业管理', '职务管理']);
    expect(pageTrail(menuNodes, '/account/titlepage/', 'en')?.names).toEqual(['Property admin', 'Titles']);
    expect(pageTrail(menuNodes, '/Account/OrgManageComponent', 'zh-cn')?.page.id).toBe('account.org');
    expect(pageTrail(menuNodes, '/Backend/BackendHome', 'en')?.page.scope).toBe('platform');
  });
  it('knows nothing of paths that are no menu page', () => {
    expect(pageTrail(menuNodes, '/no/such/page', 'zh-cn')).toBeNull();
    expect(pageTrail(menuNodes, '/Account/EditTitleDialog', 'zh-cn')).toBeNull();
  });
  it('gives no menu a page of the same name (no "物业管理" inside "物业管理")', () => {
    for (const locale of ['zh-cn', 'en'] as const) {
      for (const n of menuNodes) {
        const parent = menuNodes.find((p) => p.id === n.parent);
        if (parent) expect(n.name[locale], n.id).not.toBe(parent.name[locale]);
      }
    }
  });
});

describe('documentTitle', () => {
  it('names the page before the product', () => {
    expect(documentTitle('职务管理', 'Keel')).toBe('职务管理 - Keel');
    expect(documentTitle(null, 'Keel')).toBe('Keel');
  });
});
