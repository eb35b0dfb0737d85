import { contentCreateSchema, type ContentKind } from '@contract/content';
import { describe, expect, it } from 'vitest';
import { contentDefaults, contentKindOf, initialValues, linesFromText } from './content-form';
import { aContentItem } from '@web/test/media-fixture';

const saved = (kind: ContentKind, options: Record<string, unknown>) =>
  aContentItem(kind, options, { id: 7, originalName: 'Avisos da recepção' });

describe('content form values', () => {
  it("starts from the schema's own defaults, the required fields empty", () => {
    expect(contentDefaults('ticker')).toEqual({
      lines: [],
      speed: 120,
      textColor: '#ffffff',
      backgroundColor: '#0f172a',
      size: 'medium',
      separator: '•',
    });
    expect(contentDefaults('webpage')).toEqual({ url: '', refreshMinutes: null, zoom: 100 });
    expect(contentDefaults('clock')).toMatchObject({ style: 'digital', showDate: true, showSeconds: false });
  });

  it('a new item as typed is refused by the same schema as the server, in pt-BR', () => {
    const result = contentCreateSchema.safeParse(initialValues('webpage'));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Informe um nome para o conteúdo'],
      // The field shows the first of its issues.
      ['options.url', 'Informe o endereço (URL)'],
      ['options.url', 'Endereço inválido: use um endereço http:// ou https://'],
    ]);
    const clock = contentCreateSchema.safeParse({ ...initialValues('clock'), name: 'Relógio' });
    expect(clock.success).toBe(true);
  });

  it('an edit starts from the saved options over the defaults', () => {
    const values = initialValues('ticker', saved('ticker', { lines: ['Olá'], speed: 300 }));
    expect(values).toMatchObject({
      kind: 'ticker',
      name: 'Avisos da recepção',
      options: { lines: ['Olá'], speed: 300 },
    });
    expect(values.options.separator).toBe('•');
  });

  it('tells content items from files', () => {
    expect(contentKindOf(saved('qrcode', {}))).toBe('qrcode');
    expect(contentKindOf({ mimeType: 'image/png' })).toBeNull();
    expect(contentKindOf({ mimeType: 'application/pdf' })).toBeNull();
  });

  it("drops a ticker's blank rows", () => {
    expect(linesFromText('Promoção de verão\n\n   \r\nAtenção: horário especial\n')).toEqual([
      'Promoção de verão',
      'Atenção: horário especial',
    ]);
    expect(linesFromText('')).toEqual([]);
  });
});
