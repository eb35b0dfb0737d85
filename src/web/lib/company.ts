/**
 * Who runs this Sinalize site, as the landing page and the legal texts name it. An operator who
 * hosts Sinalize for customers edits this file (and reviews the legal texts) before going public.
 */
export const COMPANY = {
  brand: 'Sinalize',
  legalName: 'Sinalize Tecnologia Ltda.',
  city: 'São Paulo/SP',
  forum: 'Comarca de São Paulo, Estado de São Paulo',
  salesEmail: 'comercial@sinalize.com.br',
  supportEmail: 'suporte@sinalize.com.br',
  privacyEmail: 'privacidade@sinalize.com.br',
  legalEmail: 'juridico@sinalize.com.br',
} as const;
