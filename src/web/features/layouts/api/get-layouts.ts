/** `GET /api/layouts` lives in lib (the devices, groups and campaigns read it too); the page's name for it. */
export { getLayoutList as getLayouts, layoutListQueryOptions as layoutsQueryOptions } from '@web/lib/layout-list';
export { useLayoutList as useLayouts } from '@web/lib/layout-list';
