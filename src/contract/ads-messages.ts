/** The pt-BR texts of advertisers and partners (docs/ads.md): the forms' and the API's 400s and 404s. */
export const adsMessages = {
  documentInvalid: 'CPF ou CNPJ inválido: confira os números',
  emailInvalid: 'Email de contato inválido',
  commissionInvalid: 'Comissão inválida: de 0 a 100 %, com até 2 casas decimais',
  priceInvalid: 'Preço por exibição inválido: informe um valor em centavos, de 0 a R$ 21.474.836,47',
  audienceInvalid: 'Audiência por exibição inválida: informe um número inteiro de 0 em diante',
  advertisers: {
    nameRequired: 'Nome do anunciante é obrigatório',
    notFound: 'Anunciante não encontrado',
  },
  partners: {
    nameRequired: 'Nome do parceiro é obrigatório',
    documentRequired: 'CPF ou CNPJ do parceiro é obrigatório',
    notFound: 'Parceiro não encontrado',
    /** `months`: the first months (`11/2026`, at most 3 shown); `total`: how many it has. */
    hasCommissionMonths: (months: string[], total = months.length) => {
      const shown = months.slice(0, 3).join(', ') + (total > 3 ? ` e mais ${total - 3}` : '');
      return `Este parceiro tem meses de comissão fechados (${shown}): os extratos fechados e pagos são guardados, e o parceiro não pode ser removido`;
    },
  },
} as const;
