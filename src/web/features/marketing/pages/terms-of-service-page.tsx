import { LegalDocument } from '../components/legal-document';
import { PublicLayout } from '../components/public-layout';
import { TERMS_INTRO, TERMS_SECTIONS } from '../content/terms-of-service';

export default function TermsOfServicePage() {
  return (
    <PublicLayout
      title="Termos de Serviço"
      description="Termos de Serviço do Sinalize: objeto, contas, uso aceitável, preços em reais sob orçamento, renovação automática, limitação de responsabilidade e foro."
    >
      <LegalDocument title="Termos de Serviço" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />
    </PublicLayout>
  );
}
