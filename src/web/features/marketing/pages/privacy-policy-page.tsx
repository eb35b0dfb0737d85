import { LegalDocument } from '../components/legal-document';
import { PublicLayout } from '../components/public-layout';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../content/privacy-policy';

export default function PrivacyPolicyPage() {
  return (
    <PublicLayout
      title="Política de Privacidade"
      description="Como o Sinalize trata dados pessoais, conforme a LGPD: dados coletados, finalidades, bases legais, compartilhamento, retenção, cookies e direitos do titular."
    >
      <LegalDocument title="Política de Privacidade" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
    </PublicLayout>
  );
}
