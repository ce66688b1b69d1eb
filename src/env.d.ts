/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Interface language of this request (from the `langActive` cookie). */
    lang: import('./lib/i18n/index.ts').Lang;
    /** Translate function bound to `lang`. */
    t: import('i18next').TFunction;
    /** What the web server knows of the visitor; tokens never leave the server. */
    session: import('./lib/bff/session.ts').SessionView;
    /** Shell chosen by the route guard for this path. */
    shell: { layout: 'auth' | 'public' | 'default' | 'reader'; whiteBackground: boolean };
    /** Access token for server-side API calls of this request (server only). */
    accessToken: string | undefined;
    /** Set when a server-side API call found the session ended and could not renew it. */
    sessionEnded?: boolean;
  }
}
