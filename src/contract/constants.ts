/** Business constants of docs/product.md#constants, shared by the server, the admin UI and the player. */
export const AUTH_CODE_LENGTH = 6;
export const STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const DEFAULT_ITEM_DURATION_SECONDS = 8;
export const MIN_ITEM_DURATION_SECONDS = 1;
export const PLAYLIST_WIZARD_STEPS = 3;
export const DEVICE_LIST_CACHE_MS = 30_000;
export const SKELETON_LIST_COUNT = 6;
export const DASHBOARD_SKELETON_COUNT = 3;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const REALTIME_RECONNECT_BASE_MS = 5000;
export const REALTIME_RECONNECT_MAX_ATTEMPTS = 10;
export const REALTIME_RECONNECT_MULTIPLIER_CAP = 5;
export const HEARTBEAT_INTERVAL_MS = 15_000;
export const OFFLINE_AFTER_MS = 3 * HEARTBEAT_INTERVAL_MS;
export const LANDING_VIDEO_TIMEOUT_MS = 10_000;
export const LANDING_VIDEO_DELAY_SLOW_MS = 2000;
export const LANDING_VIDEO_DELAY_MS = 500;

/** localStorage keys of docs/product.md#entities (saved user, remembered credentials, login state). */
export const STORAGE_KEYS = {
  currentUser: 'signage.currentUser',
  rememberedCredentials: 'signage.rememberedCredentials',
  loginState: 'signage.isLoggedIn',
} as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', user: 'Usuário' };

export const TV_APP = {
  version: '1.2',
  channel: 'stable',
  sizeLabel: '4.2 MB',
  minAndroid: 'Android 11+',
  ramLabel: '2 GB',
  freeSpaceLabel: '1 GB',
  openGl: 'OpenGL ES 2.0',
  bandwidth: '5 Mbps',
  ports: [80, 443, 8080],
} as const;

/** Support hours of docs/product.md#constants, as the public pages show them. */
export const SUPPORT_HOURS = [
  { days: 'Segunda a sexta', hours: '08:00–18:00' },
  { days: 'Sábado', hours: '08:00–12:00' },
  { days: 'Emergências', hours: '24 horas, 7 dias por semana' },
] as const;

/**
 * Terms of service (docs/product.md#constants): liability capped at the fees of the last 12 months, or R$ 500,00 for
 * non-paying customers.
 */
export const LIABILITY_CAP_MONTHS = 12;
export const LIABILITY_CAP_NON_PAYING_BRL = 500;
/** Date of the current privacy policy and terms of service (docs/product.md#screens). */
export const LEGAL_LAST_UPDATED = '2025-05-07';
