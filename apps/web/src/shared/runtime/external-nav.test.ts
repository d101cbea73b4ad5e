import { describe, expect, it } from 'vitest';
import { checkNavigationTarget, EXTERNAL_NAV_MESSAGE } from './external-nav';

const base = 'https://console.example/home';

describe('external navigation guard', () => {
  it('allows same-origin paths', () => {
    expect(checkNavigationTarget('/Account/PropertyPage', {}, base).href).toBe(
      'https://console.example/Account/PropertyPage',
    );
  });
  it('refuses other origins unless marked external', () => {
    expect(() => checkNavigationTarget('https://evil.example/', {}, base)).toThrow(EXTERNAL_NAV_MESSAGE);
    expect(() => checkNavigationTarget('//evil.example/x', {}, base)).toThrow(EXTERNAL_NAV_MESSAGE);
    expect(checkNavigationTarget('https://docs.example/', { external: true }, base).origin).toBe(
      'https://docs.example',
    );
  });
  it('refuses script-like protocols even when marked external', () => {
    for (const target of ['javascript:alert(1)', ' JavaScript:alert(1)', 'vbscript:x', 'data:text/html,x']) {
      expect(() => checkNavigationTarget(target, { external: true }, base)).toThrow(/script-like/);
    }
  });
});
