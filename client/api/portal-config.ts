import useSWR from 'swr';
import type { Language } from '../../shared/languages.ts';
import type { infoPortal } from '../../shared/contract/portal/info.ts';
import { useLanguage } from '../session/language-context.ts';
import { fetchData } from './http.ts';
import type { PortalData } from './portal-request.ts';

export type PortalConfig = PortalData<typeof infoPortal.portalConfig>;

const portalConfigPath = (lang: Language) => `/api/info/PortalConfig?lang=${lang}`;

/**
 * The portal's settings for this visitor and language (captcha type and site key, Chinese
 * site); undefined while loading. The captcha decision is the server's, so a failed load
 * leaves the form to the server's verdict rather than guessing.
 */
export function usePortalConfig(): PortalConfig | undefined {
  const lang = useLanguage();
  const { data } = useSWR<PortalConfig>(portalConfigPath(lang), fetchData, {
    onError: (error: unknown) => console.error(error),
  });
  return data;
}
