/** What every page needs of the configuration. */
export interface PageSettings {
  publicBaseUrl: string;
}

/** Cookies are Secure when the service is published over https. */
export function usesSecureCookies(settings: PageSettings): boolean {
  return settings.publicBaseUrl.startsWith('https:');
}
