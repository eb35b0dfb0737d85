import { LIABILITY_CAP_MONTHS, LIABILITY_CAP_NON_PAYING_BRL, SUPPORT_HOURS } from '@contract/constants';
import { Link } from 'wouter';
import type { LegalSection } from '../components/legal-document';
import { formatBrl } from '../lib/legal-date';
import { COMPANY } from '@web/lib/company';

const capBrl = formatBrl(LIABILITY_CAP_NON_PAYING_BRL);
const legalMail = <a href={`mailto:${COMPANY.legalEmail}`}>{COMPANY.legalEmail}</a>;

export const TERMS_INTRO = (
  <>
    <p>
      Estes Termos de Serviço (“Termos”) regem o uso da plataforma {COMPANY.brand}, oferecida pela {COMPANY.legalName}{' '}
      (“
      {COMPANY.brand}”, “nós”), pela empresa contratante (“Cliente”) e pelas pessoas que ela autoriza a usar o painel
      (“Usuários”).
    </p>
    <p>
      Ao criar uma conta, aceitar uma proposta comercial ou usar o serviço, o Cliente concorda com estes Termos e com a{' '}
      <Link href="/privacy-policy">Política de Privacidade</Link>. Se você aceita em nome de uma empresa, declara ter
      poderes para obrigá-la. Havendo conflito, prevalece a proposta comercial assinada, depois estes Termos.
    </p>
  </>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'objeto',
    title: 'Objeto',
    body: (
      <>
        <p>
          O {COMPANY.brand} é uma plataforma de sinalização digital oferecida como serviço. Ela permite ao Cliente
          cadastrar e gerenciar remotamente TVs (“Dispositivos”), enviar imagens e vídeos, montar e agendar playlists e
          campanhas, acompanhar o status das telas e consultar relatórios de exibição, além de participar, se quiser, do
          programa de comissões de parceiros de anúncio.
        </p>
        <p>
          O serviço inclui o painel web, o app para TV, a API e o suporte descrito na seção de Suporte. Recursos
          adicionais, implantação e treinamento são prestados conforme a proposta comercial.
        </p>
      </>
    ),
  },
  {
    id: 'contas',
    title: 'Contas e acesso',
    body: (
      <ul>
        <li>
          Cada Usuário tem login próprio e intransferível; o Cliente define quem é Administrador e quem é Usuário.
        </li>
        <li>
          O Cliente é responsável pelas informações cadastradas, pelo sigilo das senhas e dos códigos de pareamento, e
          por tudo o que for feito com as contas dos seus Usuários.
        </li>
        <li>
          Suspeitas de uso não autorizado devem ser comunicadas imediatamente ao suporte; trocar o código de uma TV a
          desconecta na hora.
        </li>
        <li>
          Podemos bloquear preventivamente o acesso em caso de indício de invasão, fraude ou risco à plataforma,
          avisando o Cliente.
        </li>
      </ul>
    ),
  },
  {
    id: 'uso-aceitavel',
    title: 'Uso aceitável',
    body: (
      <>
        <p>O Cliente e seus Usuários não podem usar o {COMPANY.brand} para:</p>
        <ul>
          <li>exibir conteúdo ilegal, difamatório, discriminatório, violento, pornográfico ou que incentive crimes;</li>
          <li>
            veicular publicidade enganosa ou abusiva, ou que desrespeite o Código de Defesa do Consumidor e as
            restrições legais a certos produtos;
          </li>
          <li>usar obras, marcas, imagens ou vozes de terceiros sem autorização;</li>
          <li>
            enviar arquivos maliciosos, tentar acessar dados de outros clientes, burlar limites, o pareamento ou a
            autenticação;
          </li>
          <li>
            fazer engenharia reversa do serviço hospedado, sobrecarregá-lo deliberadamente ou revendê-lo sem contrato
            específico.
          </li>
        </ul>
        <p>
          Podemos remover conteúdo que viole estes Termos e, em casos graves ou de reincidência, suspender a conta,
          comunicando o Cliente e, quando possível, dando prazo para correção.
        </p>
      </>
    ),
  },
  {
    id: 'conteudo',
    title: 'Conteúdo do Cliente',
    body: (
      <p>
        O conteúdo enviado continua sendo do Cliente. Ele nos concede licença limitada, não exclusiva e gratuita para
        armazenar, processar, transmitir e exibir esse conteúdo nos Dispositivos do próprio Cliente, apenas para prestar
        o serviço. O Cliente garante ter todos os direitos necessários (autorais, de imagem e de marca) e responde por
        reclamações de terceiros sobre o conteúdo que exibe. O armazenamento tem cota por conta; acima dela, as mídias
        mais antigas que não estão em nenhuma playlist podem ser apagadas automaticamente.
      </p>
    ),
  },
  {
    id: 'precos',
    title: 'Preços e pagamento',
    body: (
      <ul>
        <li>
          Não há planos de autoatendimento: os preços são definidos em proposta comercial (orçamento) para cada Cliente.
        </li>
        <li>
          Todos os valores são expressos e cobrados em <strong>reais (R$)</strong>, com os tributos indicados na
          proposta.
        </li>
        <li>A cobrança é mensal ou anual, antecipada, conforme a proposta, por boleto, Pix ou cartão.</li>
        <li>
          Atrasos sujeitam o valor devido a multa de 2%, juros de 1% ao mês e correção pelo IPCA. Após 15 dias de atraso
          e aviso prévio, o serviço pode ser suspenso até a regularização.
        </li>
        <li>
          Os valores são reajustados a cada 12 meses pelo IPCA, ou por outro índice previsto na proposta, com aviso de
          30 dias.
        </li>
      </ul>
    ),
  },
  {
    id: 'renovacao',
    title: 'Vigência e renovação automática',
    body: (
      <p>
        A assinatura vigora pelo prazo da proposta comercial (12 meses, se nada for dito) e é{' '}
        <strong>renovada automaticamente</strong> por períodos iguais e sucessivos, nas mesmas condições e com o
        reajuste previsto, salvo se qualquer das partes avisar por escrito, com pelo menos 30 dias de antecedência do
        fim do período, que não deseja renovar. Lembraremos o Cliente da renovação com antecedência.
      </p>
    ),
  },
  {
    id: 'parceiros',
    title: 'Programa de parceiros de anúncio',
    body: (
      <p>
        O Cliente que aderir ao programa autoriza a exibição de anúncios de marcas parceiras em espaços definidos das
        suas playlists. As comissões são apuradas com base nos relatórios de exibição da plataforma, calculadas e pagas
        em reais, nos percentuais e prazos do termo de adesão. Os números divulgados no site são ilustrativos: não
        garantimos volume de anúncios nem valor mínimo de comissão.
      </p>
    ),
  },
  {
    id: 'suporte',
    title: 'Disponibilidade e suporte',
    body: (
      <>
        <p>
          Empregamos esforços comercialmente razoáveis para manter o serviço disponível, mas não garantimos
          funcionamento ininterrupto ou livre de erros. Manutenções programadas serão avisadas com antecedência,
          preferencialmente fora do horário comercial. O app para TV continua exibindo o conteúdo já baixado enquanto a
          conexão estiver indisponível.
        </p>
        <p>Horários de suporte:</p>
        <ul>
          {SUPPORT_HOURS.map((slot) => (
            <li key={slot.days}>
              {slot.days}: {slot.hours}
            </li>
          ))}
        </ul>
        <p>
          Emergências são falhas que deixam todas as telas do Cliente sem exibir conteúdo. Contato:{' '}
          <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'propriedade-intelectual',
    title: 'Propriedade intelectual',
    body: (
      <p>
        A marca {COMPANY.brand}, o layout do site e a operação do serviço hospedado pertencem à {COMPANY.legalName}. O
        código-fonte do {COMPANY.brand} é distribuído sob licença de código aberto, cujos termos regem o uso do
        software; estes Termos regem o serviço que prestamos. Sugestões enviadas pelo Cliente podem ser incorporadas ao
        produto sem obrigação de pagamento.
      </p>
    ),
  },
  {
    id: 'responsabilidade',
    title: 'Limitação de responsabilidade',
    body: (
      <>
        <p>
          Na máxima extensão permitida pela lei, a responsabilidade total do {COMPANY.brand} por quaisquer danos
          decorrentes destes Termos ou do serviço fica{' '}
          <strong>
            limitada ao valor das taxas efetivamente pagas pelo Cliente nos {LIABILITY_CAP_MONTHS} (doze) meses
            anteriores
          </strong>{' '}
          ao fato que deu origem à reclamação, ou{' '}
          <strong>a {capBrl} (quinhentos reais), para clientes que não pagam pelo serviço</strong>.
        </p>
        <p>
          Não respondemos por lucros cessantes, perda de receita ou de oportunidade, danos indiretos, nem por falhas
          causadas pela internet, pela energia ou pelos equipamentos do Cliente, por conteúdo do Cliente ou por caso
          fortuito e força maior. Estas limitações não se aplicam a danos causados com dolo ou culpa grave, nem afastam
          direitos que a lei torne irrenunciáveis.
        </p>
      </>
    ),
  },
  {
    id: 'rescisao',
    title: 'Suspensão e rescisão',
    body: (
      <ul>
        <li>
          Qualquer parte pode encerrar a assinatura ao fim do período vigente, com o aviso de 30 dias previsto na
          renovação.
        </li>
        <li>
          Em caso de descumprimento grave destes Termos, a parte prejudicada pode rescindir de imediato, por escrito.
        </li>
        <li>
          Valores já pagos por períodos em curso não são devolvidos, exceto se a rescisão decorrer de falha nossa.
        </li>
        <li>
          Após o encerramento, o Cliente tem 30 dias para exportar suas mídias; depois disso os dados são apagados,
          salvo os que a lei nos obrigue a guardar.
        </li>
      </ul>
    ),
  },
  {
    id: 'privacidade',
    title: 'Privacidade e proteção de dados',
    body: (
      <p>
        O tratamento de dados pessoais segue a <Link href="/privacy-policy">Política de Privacidade</Link> e a LGPD.
        Para os dados que o Cliente insere na plataforma, o Cliente é o controlador e o {COMPANY.brand} atua como
        operador, seguindo as instruções do Cliente.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações dos Termos',
    body: (
      <p>
        Podemos alterar estes Termos, avisando o Cliente por email ou no painel com pelo menos 30 dias de antecedência.
        Se o Cliente não concordar, pode encerrar a assinatura antes de a mudança valer, sem multa. Continuar usando o
        serviço depois disso significa aceitar a nova versão.
      </p>
    ),
  },
  {
    id: 'lei-aplicavel',
    title: 'Lei aplicável e foro',
    body: (
      <>
        <p>
          Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da {COMPANY.forum},
          para resolver qualquer controvérsia, ressalvado o direito do consumidor de propor ação no foro do seu
          domicílio.
        </p>
        <p>
          A tolerância com um descumprimento não é renúncia ao direito. Se uma cláusula for considerada inválida, as
          demais continuam valendo.
        </p>
        <p>Dúvidas sobre estes Termos: {legalMail}.</p>
      </>
    ),
  },
];
