/**
 * The profile page's labels, with the workspace's time zone, joined into `t.profile` by
 * `pt-br.ts`.
 */
export const profileLabels = {
  title: 'Meu Perfil',
  basicInfo: 'Informações Básicas',
  accountInfo: 'Informações da Conta',
  username: 'Nome de usuário',
  email: 'Email',
  phone: 'Telefone',
  userId: 'ID do usuário',
  role: 'Perfil',
  workspace: 'Workspace',
  memberSince: 'Membro desde',
  timeZone: 'Fuso horário das campanhas',
  timeZoneHint: 'As campanhas começam e terminam pelo relógio deste fuso horário, em todas as telas do workspace.',
  timeZoneAdminOnly: 'Somente administradores podem alterar o fuso horário.',
  timeZoneSave: 'Salvar fuso horário',
  timeZoneSaving: 'Salvando...',
  edit: 'Editar Perfil',
  save: 'Salvar Alterações',
  changePassword: 'Alterar Senha',
  changePasswordHint: 'Opcional. Preencha para definir uma nova senha.',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmPassword: 'Confirmar nova senha',
  loading: 'Carregando perfil',
} as const;
