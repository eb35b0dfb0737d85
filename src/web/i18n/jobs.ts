/** The admins' Tarefas page (docs/jobs.md): background jobs that failed, and trying them again. */
export const jobLabels = {
  nav: 'Tarefas',
  title: 'Tarefas',
  subtitle: 'Tarefas em segundo plano que falharam (processamento de mídia e outras)',
  accessDeniedHint: 'Apenas administradores podem ver as tarefas.',
  loading: 'Carregando tarefas…',
  empty: 'Nenhuma tarefa com falha',
  emptyHint: 'Quando uma tarefa falhar depois de todas as tentativas, ela aparece aqui.',
  listLabel: 'Tarefas com falha',
  retry: 'Tentar novamente',
  failedAt: (date: string, time: string) => `Falhou em ${date} às ${time}`,
  attempts: (made: number, max: number) => `${made} de ${max} tentativas`,
  noReason: 'Sem detalhes do erro.',
  retrySuccess: { title: 'Tarefa na fila', description: 'A tarefa será executada novamente em instantes.' },
  retryFailure: { title: 'Erro', description: 'Não foi possível colocar a tarefa na fila.' },
} as const;
