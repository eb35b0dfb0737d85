import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { COMPANY } from '@web/lib/company';
import { cn } from '@web/lib/cn';

const fields = [
  { id: 'contato-nome', name: 'name', label: 'Nome', autoComplete: 'name', type: 'text', placeholder: 'Seu nome' },
  {
    id: 'contato-email',
    name: 'email',
    label: 'Email',
    autoComplete: 'email',
    type: 'email',
    placeholder: 'voce@empresa.com.br',
  },
  {
    id: 'contato-empresa',
    name: 'company',
    label: 'Empresa',
    autoComplete: 'organization',
    type: 'text',
    placeholder: 'Nome da empresa',
  },
] as const;

/**
 * The quote request form. docs/product.md#who-it-is-for: it has no submit behaviour, so submitting only stays on the page
 * (nothing is sent anywhere); the note under it gives the sales email instead.
 */
export function ContactForm() {
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form
      onSubmit={ignoreSubmit}
      aria-labelledby="contato-titulo"
      className="bg-card grid gap-4 rounded-xl border p-6 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.id} className={field.name === 'company' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
            <Label htmlFor={field.id}>{field.label}</Label>
            <Input
              id={field.id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
            />
          </div>
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contato-mensagem">Mensagem</Label>
        <textarea
          id="contato-mensagem"
          name="message"
          rows={4}
          placeholder="Quantas telas, em quantas unidades, e o que você quer exibir?"
          className={cn(
            'border-input bg-card placeholder:text-muted-foreground focus-visible:ring-ring',
            'focus-visible:ring-offset-background min-h-24 w-full rounded-md border px-3 py-2',
            'text-base shadow-xs focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:outline-none md:text-sm',
          )}
        />
      </div>
      <Button type="submit" size="lg" className="justify-self-start">
        <Send aria-hidden="true" />
        Solicitar orçamento
      </Button>
      <p className="text-muted-foreground text-sm">
        O envio por este formulário ainda não está disponível. Para receber sua proposta, escreva para{' '}
        <a
          href={`mailto:${COMPANY.salesEmail}`}
          className="text-primary font-medium underline-offset-4 hover:underline"
        >
          {COMPANY.salesEmail}
        </a>
        : respondemos em até um dia útil.
      </p>
    </form>
  );
}
