import { useCallback } from 'react';

/**
 * What antd's scrolling table leaves out for assistive technology (axe `scrollable-region-focusable`,
 * `aria-hidden-focus`), patched on its DOM as it changes: the region that scrolls sideways can be reached by
 * keyboard (a focusable, named region), and the hidden row antd uses to measure column widths holds nothing
 * focusable (`inert`). Answers the ref callback for the element around the table.
 */
export function useAccessibleTableScroll(label: string): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      const patch = () => {
        for (const region of element.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
          if (region.tabIndex !== 0) region.tabIndex = 0;
          if (region.getAttribute('role') !== 'region') region.setAttribute('role', 'region');
          if (region.getAttribute('aria-label') !== label) region.setAttribute('aria-label', label);
        }
        for (const row of element.querySelectorAll<HTMLElement>('.ant-table-measure-row')) {
          if (!row.inert) row.inert = true;
        }
      };
      patch();
      const observer = new MutationObserver(patch);
      observer.observe(element, { childList: true, subtree: true });
      return () => observer.disconnect();
    },
    [label],
  );
}
