import useToken from 'antd/es/theme/useToken';
import { type CSSProperties, useMemo } from 'react';

/**
 * The antd design tokens the shell's own components use, as CSS custom properties (`ui.css` reads them, with
 * antd's defaults as fallbacks). Put the result on the root element of a layout.
 */
export function useThemeVars(): CSSProperties {
  const [, token] = useToken();
  return useMemo(
    () =>
      ({
        '--k-primary': token.colorPrimary,
        '--k-primary-hover': token.colorPrimaryHover,
        '--k-primary-bg': token.colorPrimaryBg,
        '--k-primary-border': token.colorPrimaryBorder,
        '--k-primary-active': token.colorPrimaryActive,
        '--k-link-hover': token.colorLinkHover,
        '--k-text': token.colorText,
        '--k-text-2': token.colorTextSecondary,
        '--k-text-3': token.colorTextTertiary,
        '--k-text-4': token.colorTextQuaternary,
        '--k-border': token.colorBorder,
        '--k-split': token.colorBorderSecondary,
        '--k-fill': token.colorFillTertiary,
        '--k-fill-2': token.colorFillSecondary,
        '--k-bg': token.colorBgContainer,
        '--k-bg-elevated': token.colorBgElevated,
        '--k-bg-layout': token.colorBgLayout,
        '--k-error': token.colorError,
        '--k-error-hover': token.colorErrorBorderHover,
        '--k-error-outline': token.colorErrorOutline,
        '--k-bg-disabled': token.colorBgContainerDisabled,
        '--k-radius': `${token.borderRadius}px`,
        '--k-radius-lg': `${token.borderRadiusLG}px`,
        '--k-radius-sm': `${token.borderRadiusSM}px`,
        '--k-font-size': `${token.fontSize}px`,
        '--k-font-size-sm': `${token.fontSizeSM}px`,
        '--k-font-family': token.fontFamily,
        '--k-shadow': token.boxShadowSecondary,
        '--k-control-height': `${token.controlHeight}px`,
        '--k-control-outline': token.controlOutline,
        '--k-duration': token.motionDurationMid,
        '--k-ease': token.motionEaseInOut,
      }) as CSSProperties,
    [token],
  );
}
