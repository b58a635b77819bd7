import type { Language } from '../../shared/languages.ts';
import type { infoPortal } from '../../shared/contract/portal/info.ts';
import { useLanguage } from '../session/language-context.ts';
import { fetchData } from './http.ts';
import type { PortalData } from './portal-request.ts';
import { readAhead, useSharedRead } from './shared-reads.ts';

export type PortalConfig = PortalData<typeof infoPortal.portalConfig>;

const portalConfigPath = (lang: Language) => `/api/info/PortalConfig?lang=${lang}`;

/** The captcha decision is the server's, so a failed load leaves the form to the server's verdict rather than guessing. */
const readPortalConfig = (path: string) =>
  fetchData<PortalConfig>(path).catch((error: unknown) => {
    console.error(error);
    throw error;
  });

/**
 * The portal's settings for this visitor and language (captcha type and site key, Chinese
 * site, social providers); undefined while loading or after a failed load.
 */
export function usePortalConfig(): PortalConfig | undefined {
  const lang = useLanguage();
  return useSharedRead(portalConfigPath(lang), readPortalConfig).data;
}

/**
 * Starts the read as the page loads (client/main.tsx), alongside the screen's chunk and texts:
 * the header and the screen ask for it anyway, and an answer that arrives after they are drawn
 * draws them again.
 */
export function readPortalConfigAhead(lang: Language): void {
  readAhead(portalConfigPath(lang), readPortalConfig);
}
