import { currentLanguage } from '../../shared/i18n/language';
import { addLocalePrefix } from '../../shared/i18n/locale-path';
import { navigateTo } from '../../shared/runtime/external-nav';
import type { SpaceMode } from './api';

/** SPEC §2: the terminal-space page of a space opens in a new browser tab (in the current language). */
export function openTerminalSpace(sid: string, mode: SpaceMode): void {
  const path = addLocalePrefix('/Tis/space/TerminalSpace', currentLanguage());
  const search = new URLSearchParams({ sid, mode });
  navigateTo(`${path}?${search.toString()}`, { newTab: true });
}
