import { STORAGE_KEYS } from '@contract/constants';
import type { LegalSection } from '../components/legal-document';
import { COMPANY } from '@web/lib/company';

const privacyMail = <a href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</a>;

export const PRIVACY_INTRO = (
  <>
    <p>
      Esta Política de Privacidade explica como a {COMPANY.legalName} (“{COMPANY.brand}”, “nós”) trata dados pessoais no
      site, no painel de gestão, no app para TV e na API do {COMPANY.brand}, em conformidade com a Lei Geral de Proteção
      de Dados Pessoais (Lei nº 13.709/2018, “LGPD”), o Marco Civil da Internet (Lei nº 12.965/2014) e as demais normas
      aplicáveis.
    </p>
    <p>
      Ao usar o {COMPANY.brand}, você declara ter lido esta Política. Se não concordar com ela, não utilize o serviço.
      Dúvidas podem ser enviadas ao nosso Encarregado pelo email {privacyMail}.
    </p>
  </>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'controlador',
    title: 'Quem é o controlador',
    body: (
      <>
        <p>
          Para os dados de visitantes do site, de pessoas que pedem orçamento e de representantes dos clientes na
          relação comercial, o controlador é a {COMPANY.legalName}, com sede em {COMPANY.city}.
        </p>
        <p>
          Para os dados que o cliente (a empresa contratante) insere na plataforma, como os usuários que cadastra, as
          mídias que envia e as informações das suas telas, o cliente é o controlador e o {COMPANY.brand} atua como{' '}
          <strong>operador</strong>, tratando esses dados somente para prestar o serviço e conforme as instruções do
          cliente (art. 39 da LGPD). Pedidos de titulares sobre esses dados devem ser dirigidos primeiro à empresa
          contratante; nós a apoiaremos no atendimento.
        </p>
      </>
    ),
  },
  {
    id: 'dados-coletados',
    title: 'Quais dados coletamos',
    body: (
      <>
        <ul>
          <li>
            <strong>Dados de conta:</strong> nome de usuário, email, telefone (opcional) e perfil de acesso
            (Administrador ou Usuário). A senha nunca é guardada em texto: armazenamos apenas um resumo criptográfico
            (hash com sal) que não permite recuperá-la.
          </li>
          <li>
            <strong>Dados das telas:</strong> nome e local informados pelo cliente, resolução, orientação, layout,
            código de pareamento, status (online/offline), data do último contato e informações técnicas enviadas pelo
            app (modelo do aparelho, versão do sistema e do app, endereço IP).
          </li>
          <li>
            <strong>Conteúdo:</strong> imagens e vídeos enviados à galeria, com nome original, tipo, tamanho e duração,
            e as playlists e campanhas montadas com eles. Se o conteúdo retratar pessoas, ele pode conter dados pessoais
            de terceiros, pelos quais o cliente é responsável.
          </li>
          <li>
            <strong>Registros de acesso:</strong> endereço IP, data e hora de cada acesso, identificador da requisição e
            ações relevantes (como entrar, sair, criar ou remover itens), usados para segurança e exigidos pelo Marco
            Civil da Internet.
          </li>
          <li>
            <strong>Contato comercial:</strong> nome, email, empresa e mensagem que você nos envia ao pedir um
            orçamento.
          </li>
          <li>
            <strong>Dados de faturamento:</strong> razão social, CNPJ, endereço e contatos de cobrança do cliente, e o
            histórico de pagamentos.
          </li>
        </ul>
        <p>
          Não coletamos dados pessoais sensíveis (art. 5º, II, da LGPD) de forma intencional e pedimos que eles não
          sejam enviados à plataforma.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos os dados',
    body: (
      <ul>
        <li>criar e manter contas, autenticar usuários e controlar permissões;</li>
        <li>parear as TVs, entregar a elas as playlists e mostrar o status de cada tela em tempo real;</li>
        <li>armazenar e exibir as mídias, calcular o uso de armazenamento e gerar os relatórios de exibição;</li>
        <li>apurar as comissões do programa de parceiros de anúncio, quando o cliente participa dele;</li>
        <li>prestar suporte, responder pedidos de orçamento e comunicar mudanças relevantes no serviço;</li>
        <li>faturar, cobrar e cumprir obrigações fiscais e contábeis;</li>
        <li>prevenir fraudes e abusos, proteger a plataforma e investigar incidentes de segurança;</li>
        <li>cumprir obrigações legais e ordens de autoridades competentes, e exercer direitos em processos.</li>
      </ul>
    ),
  },
  {
    id: 'bases-legais',
    title: 'Bases legais',
    body: (
      <>
        <p>Tratamos dados pessoais com fundamento no art. 7º da LGPD, conforme a finalidade:</p>
        <ul>
          <li>
            <strong>execução de contrato</strong> e procedimentos preliminares (inciso V): contas, telas, conteúdo,
            suporte e orçamentos;
          </li>
          <li>
            <strong>cumprimento de obrigação legal ou regulatória</strong> (inciso II): registros de acesso e documentos
            fiscais;
          </li>
          <li>
            <strong>legítimo interesse</strong> (inciso IX): segurança, prevenção a fraudes e melhoria do serviço,
            sempre respeitando seus direitos e expectativas;
          </li>
          <li>
            <strong>exercício regular de direitos</strong> (inciso VI): defesa em processos judiciais, administrativos
            ou arbitrais;
          </li>
          <li>
            <strong>consentimento</strong> (inciso I): quando for a base adequada, como o envio de comunicações de
            marketing; ele pode ser revogado a qualquer momento.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Com quem compartilhamos',
    body: (
      <>
        <p>Não vendemos dados pessoais. Compartilhamos somente o necessário com:</p>
        <ul>
          <li>
            provedores de infraestrutura (hospedagem, banco de dados, armazenamento de arquivos e envio de emails),
            contratados como operadores e obrigados a proteger os dados;
          </li>
          <li>instituições de pagamento e de emissão de notas fiscais, para cobrança;</li>
          <li>
            parceiros de anúncio do programa de comissões, apenas com relatórios de exibição agregados, sem dados
            pessoais dos usuários, e somente quando o cliente participa do programa;
          </li>
          <li>autoridades públicas, quando houver obrigação legal ou ordem judicial;</li>
          <li>
            assessores jurídicos e contábeis, sob dever de sigilo, e eventual sucessor em caso de reorganização
            societária, mantidas as garantias desta Política.
          </li>
        </ul>
        <p>
          Se algum provedor estiver fora do Brasil, a transferência internacional seguirá o art. 33 da LGPD, com
          cláusulas contratuais ou outros mecanismos que garantam proteção equivalente.
        </p>
      </>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos',
    body: (
      <ul>
        <li>dados de conta e das telas: enquanto o contrato estiver ativo;</li>
        <li>
          mídias e playlists: até serem removidas pelo cliente, ou até 30 dias após o fim do contrato, prazo em que o
          cliente pode exportá-las;
        </li>
        <li>
          registros de acesso: 6 meses, como exige o art. 15 do Marco Civil da Internet, ou mais, se houver ordem
          judicial;
        </li>
        <li>documentos fiscais e de cobrança: 5 anos, conforme a legislação tributária;</li>
        <li>pedidos de orçamento que não viraram contrato: até 12 meses;</li>
        <li>cópias de segurança: até 35 dias após a exclusão do dado original.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento local',
    body: (
      <>
        <p>
          Usamos apenas o que é necessário para o serviço funcionar. Não usamos cookies de publicidade nem de
          rastreamento de terceiros.
        </p>
        <ul>
          <li>
            <strong>Cookie de sessão</strong> (essencial): mantém você conectado ao painel. É protegido contra leitura
            por scripts (httpOnly), só é enviado ao próprio site e deixa de valer quando você sai.
          </li>
          <li>
            <strong>Armazenamento local do navegador</strong> (localStorage), gravado somente no seu aparelho:
            <ul>
              <li>
                <code>{STORAGE_KEYS.currentUser}</code>: os dados do usuário conectado (identificador, nome de usuário,
                email, telefone, perfil e data de cadastro), para mostrar o painel sem esperar a rede;
              </li>
              <li>
                <code>{STORAGE_KEYS.rememberedCredentials}</code>: o email lembrado, apenas se você marcar “Lembrar
                credenciais” ao entrar. A senha não é gravada nesse espaço; se o navegador oferecer, ela fica no
                gerenciador de senhas dele;
              </li>
              <li>
                <code>{STORAGE_KEYS.loginState}</code>: a indicação de que há uma sessão aberta.
              </li>
            </ul>
          </li>
        </ul>
        <p>
          Ao sair, os dados do usuário são apagados; o email lembrado some quando você desmarca “Lembrar credenciais”.
          Você também pode limpar tudo a qualquer momento nas configurações do navegador, o que apenas exigirá um novo
          login.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    body: (
      <>
        <p>
          Adotamos medidas técnicas e administrativas para proteger os dados: conexões criptografadas (HTTPS), senhas e
          tokens guardados apenas como hash, sessões com cookies protegidos, separação dos dados de cada cliente,
          controle de acesso por perfil, limites de tentativas de login e de pareamento, e registros de auditoria.
        </p>
        <p>
          Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente de segurança que possa causar risco ou
          dano relevante aos titulares, comunicaremos a Autoridade Nacional de Proteção de Dados (ANPD) e os afetados,
          nos termos do art. 48 da LGPD.
        </p>
      </>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos como titular',
    body: (
      <>
        <p>Nos termos do art. 18 da LGPD, você pode pedir, a qualquer momento e sem custo:</p>
        <ul>
          <li>confirmação de que tratamos seus dados e acesso a eles;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com
            a lei;
          </li>
          <li>portabilidade dos dados a outro fornecedor, observados os segredos comercial e industrial;</li>
          <li>eliminação dos dados tratados com base no consentimento e revogação desse consentimento;</li>
          <li>
            informação sobre as entidades com as quais compartilhamos dados e sobre a possibilidade de não consentir e
            suas consequências;
          </li>
          <li>oposição a tratamento feito com base em outra hipótese legal, em caso de descumprimento da LGPD;</li>
          <li>revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20).</li>
        </ul>
        <p>
          Muitos dados podem ser consultados e corrigidos diretamente na página Perfil do painel. Para os demais
          pedidos, escreva para {privacyMail}. Poderemos confirmar sua identidade antes de atender e responderemos em
          até 15 dias. Você também pode apresentar reclamação à ANPD.
        </p>
      </>
    ),
  },
  {
    id: 'encarregado',
    title: 'Encarregado (DPO)',
    body: (
      <p>
        O Encarregado pelo tratamento de dados pessoais da {COMPANY.legalName} pode ser contatado pelo email{' '}
        {privacyMail}, para pedidos de titulares, comunicações da ANPD e qualquer dúvida sobre esta Política.
      </p>
    ),
  },
  {
    id: 'menores',
    title: 'Crianças e adolescentes',
    body: (
      <p>
        O {COMPANY.brand} é um serviço para empresas e não se destina a menores de 18 anos. Não coletamos
        intencionalmente dados de crianças e adolescentes.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta Política',
    body: (
      <p>
        Podemos atualizar esta Política para refletir mudanças no serviço ou na legislação. A data da última atualização
        fica no topo da página; mudanças relevantes serão avisadas por email ou no painel com antecedência razoável.
      </p>
    ),
  },
];
