import type { Layout } from '@contract/layouts';

/** A workspace's own three-zone layout, as `GET /api/layouts` answers it after the built-ins. */
export const aZoneLayout = (fields: Partial<Layout> = {}): Layout => ({
  id: 7,
  name: 'Balcão',
  orientation: 'horizontal',
  builtIn: false,
  zones: [
    { key: 'principal', name: 'Principal', x: 0, y: 0, width: 70, height: 100, z: 0, fit: 'contain' },
    { key: 'zona-2', name: 'Preços', x: 70, y: 0, width: 30, height: 50, z: 0, fit: 'contain' },
    { key: 'rodape', name: 'Rodapé', x: 70, y: 50, width: 30, height: 50, z: 0, fit: 'cover' },
  ],
  ...fields,
});
