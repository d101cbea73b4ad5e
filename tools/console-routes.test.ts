import { describe, expect, it } from 'vitest';
import { consoleRoutes, isConsoleRoute } from '../packages/contract/src/routes/console-routes';
import { routeFileUrls } from './console-routes';

describe('console route table', () => {
  it('lists exactly the route files (run `npx tsx tools/console-routes.ts` after adding or removing one)', () => {
    expect([...consoleRoutes]).toEqual(routeFileUrls());
  });
  it('knows a path in both languages, with a trailing slash and in any case; not unknown ones', () => {
    expect(isConsoleRoute('/')).toBe(true);
    expect(isConsoleRoute('/en')).toBe(true);
    expect(isConsoleRoute('/en/')).toBe(true);
    expect(isConsoleRoute('/home')).toBe(true);
    expect(isConsoleRoute('/en/Account/TitlePage/')).toBe(true);
    expect(isConsoleRoute('/account/titlepage?x=1')).toBe(true);
    expect(isConsoleRoute('/no/such/page')).toBe(false);
    expect(isConsoleRoute('/en/no/such/page')).toBe(false);
    expect(isConsoleRoute('/english')).toBe(false);
    expect(isConsoleRoute('/Backend/SecurityRoute/SecurityRoutePlatPage')).toBe(true);
  });
  it('matches any one segment at a parameter of a route (the download page), in both languages', () => {
    expect(isConsoleRoute('/download/k3v9q2m8x1c7b5n4')).toBe(true);
    expect(isConsoleRoute('/en/download/k3v9q2m8x1c7b5n4/')).toBe(true);
    expect(isConsoleRoute('/download')).toBe(false);
    expect(isConsoleRoute('/download/a/b')).toBe(false);
  });
});
