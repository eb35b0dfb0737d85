/** The layouts' cache keys live in lib: other features read the list too (docs/ARCHITECTURE.md, Web). */
export { LAYOUTS_QUERY_KEY, layoutQueryKey } from '@web/lib/query-keys';
