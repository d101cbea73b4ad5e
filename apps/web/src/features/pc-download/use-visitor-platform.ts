import { useEffect, useState } from 'react';
import { type ArchHints, archFromHints, detectPlatform, type NavigatorLike, type VisitorPlatform } from './platform';

/** Chromium's `navigator.userAgentData`, which asks for the architecture (a promise; other browsers have none). */
interface HintedNavigator extends NavigatorLike {
  userAgentData?: { platform?: string; getHighEntropyValues?: (hints: string[]) => Promise<ArchHints> } | null;
}

/**
 * The visitor's platform: at once from the user agent, then — where the browser offers user agent client hints — the
 * architecture it answers (the only way to tell an arm64 Mac, whose user agent says "Intel").
 */
export function useVisitorPlatform(): VisitorPlatform {
  const [platform, setPlatform] = useState<VisitorPlatform>(() => detectPlatform(navigator as NavigatorLike));
  useEffect(() => {
    const nav = navigator as unknown as HintedNavigator;
    const ask = nav.userAgentData?.getHighEntropyValues;
    if (!ask || platform.os === null) return;
    let live = true;
    ask
      .call(nav.userAgentData, ['architecture', 'bitness'])
      .then((hints) => {
        const arch = archFromHints(hints);
        if (live && arch) setPlatform((p) => (p.arch === arch ? p : { ...p, arch }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [platform.os]);
  return platform;
}
