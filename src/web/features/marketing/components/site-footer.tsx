import { SUPPORT_HOURS } from '@contract/constants';
import { BrandMark } from '@web/components/brand-mark';
import { Link } from 'wouter';
import { COMPANY } from '@web/lib/company';

const productLinks = [
  { href: '/#como-funciona', label: 'Como funciona' },
  { href: '/#beneficios', label: 'Benefícios' },
  { href: '/#casos-de-sucesso', label: 'Casos de sucesso' },
  { href: '/#integracao', label: 'Integração' },
  { href: '/#contato', label: 'Solicitar orçamento' },
];

const legalLinks = [
  { href: '/privacy-policy', label: 'Política de Privacidade' },
  { href: '/terms-of-service', label: 'Termos de Serviço' },
  { href: '/download-app', label: 'Baixar o app para TV' },
];

const linkClass =
  'hover:text-foreground inline-flex min-h-7 items-center justify-self-start underline-offset-4 hover:underline';

/** Public footer: product anchors, legal pages, support hours (docs/product.md#constants) and contact. */
export function SiteFooter() {
  return (
    <footer className="bg-card text-muted-foreground border-t text-sm">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <BrandMark />
          <p>Sinalização digital para empresas: suas TVs, seu conteúdo, seu horário.</p>
        </div>
        <nav aria-label="Produto" className="grid content-start gap-2">
          <h2 className="text-foreground font-semibold">Produto</h2>
          {productLinks.map((link) => (
            // Plain anchors: from another page they load the landing page at that section.
            <a key={link.href} href={link.href} className={linkClass}>
              {link.label}
            </a>
          ))}
        </nav>
        <nav aria-label="Rodapé" className="grid content-start gap-2">
          <h2 className="text-foreground font-semibold">Legal e app</h2>
          {legalLinks.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="grid content-start gap-2">
          <h2 className="text-foreground font-semibold">Suporte</h2>
          <dl className="grid gap-1">
            {SUPPORT_HOURS.map((slot) => (
              <div key={slot.days} className="flex flex-wrap gap-x-1">
                <dt>{slot.days}:</dt>
                <dd className="text-foreground">{slot.hours}</dd>
              </div>
            ))}
          </dl>
          <a href={`mailto:${COMPANY.supportEmail}`} className={linkClass}>
            {COMPANY.supportEmail}
          </a>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4">
        <p className="border-t py-4 text-xs">
          © {new Date().getFullYear()} {COMPANY.legalName} Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
