/**
 * The login form's labels, joined into `t.login` by `pt-br.ts`. Its validation texts are the
 * contract's (`messages.auth`).
 */
export const loginLabels = {
  title: 'Entrar no Sinalize',
  subtitle: 'Use seu email e senha para acessar o painel.',
  email: 'Email',
  emailPlaceholder: 'seu@email.com',
  password: 'Senha',
  passwordPlaceholder: 'Sua senha',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  remember: 'Lembrar credenciais',
  submit: 'Entrar',
  submitting: 'Entrando...',
} as const;
