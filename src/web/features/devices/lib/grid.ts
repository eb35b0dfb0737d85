/**
 * The device grid: 1, 2 or 3 columns by the width left beside the sidebar (it appears at md and
 * takes 16rem, so md gets one column again).
 */
export const DEVICE_GRID_CLASS = 'grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2 xl:grid-cols-3';
