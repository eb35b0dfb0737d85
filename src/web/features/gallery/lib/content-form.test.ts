import { contentCreateSchema, contentMimeType, type ContentKind } from '@contract/content';
import type { Media } from '@contract/media';
import { describe, expect, it } from 'vitest';
import { contentDefaults, contentKindOf, initialValues, linesFromText } from './content-form';

const saved = (kind: ContentKind, options: Record<string, unknown>): Media => ({
  id: 7,
  userId: 1,
  kind,
  options,
  filename: '',
  originalName: 'Avisos da recepção',
  mimeType: contentMimeType(kind),
  size: 0,
  duration: null,
  url: '',
  thumbnailUrl: null,
  sha256: 'x',
  status: 'ready',
  createdAt: '2026-01-01T00:00:00.000Z',
});

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
