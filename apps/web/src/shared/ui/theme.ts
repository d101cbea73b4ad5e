import type { ThemeConfig } from 'antd/es/config-provider';

/**
 * The console's antd theme. antd's default blue (#1677ff: 4.1:1 under white text), its tertiary grey (#8c8c8c,
 * 3.4:1 on white) and its red (#ff4d4f) fall short of WCAG AA's 4.5:1 (axe `color-contrast`), so the theme takes
 * the next darker step of each palette. Secondary, tertiary and description texts all reach 4.5:1 on white and
 * on the light greys of table heads. Placeholders too: antd's select shows its placeholder as text (a span, which
 * axe checks like any text), so `colorTextPlaceholder` is 4.7:1; disabled texts (`colorTextQuaternary`) are exempt.
 * Tags keep antd's palettes; `contrast.css` darkens their text.
 */
export const consoleTheme: ThemeConfig = {
  token: {
    borderRadius: 6,
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#ad6800',
    colorSuccess: '#389e0d',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

/**
 * The theme for a reader who asked for reduced motion (`prefers-reduced-motion`, main.tsx): antd's transitions and
 * animations off (its motion durations become 0, and with them `--k-duration` of the shell's own parts).
 */
export const stillConsoleTheme: ThemeConfig = { ...consoleTheme, token: { ...consoleTheme.token, motion: false } };
