/**
 * Interface labels of the admin UI (pt-BR): navigation, headings, buttons, field labels and
 * placeholders, so each text is written once. Each feature's labels live in their own file of this
 * folder; this one joins them into `t`. Toast, validation and confirmation texts live in the
 * contract's message catalogue (`@contract/messages`).
 */
import { apiKeyLabels } from './api-keys';
import { campaignLabels } from './campaigns';
import { contentLabels } from './content';
import { dashboardLabels, onAirLabels } from './dashboard';
import { deviceGroupLabels } from './device-groups';
import { deviceLabels } from './devices';
import { galleryLabels } from './gallery';
import { historyLabels } from './history';
import { layoutLabels } from './layouts';
import { loginLabels } from './login';
import { periodLabels } from './period';
import { playlistLabels } from './playlists';
import { profileLabels } from './profile';
import { reportLabels } from './reports';
import { screenLabels } from './screens';
import { commonLabels, navLabels, notFoundLabels, pageErrorLabels, realtimeLabels } from './shell';
import { userLabels } from './users';

export const t = {
  appName: 'Sinalize',
  common: commonLabels,
  realtime: realtimeLabels,
  nav: navLabels,
  login: loginLabels,
  dashboard: dashboardLabels,
  period: periodLabels,
  onAir: onAirLabels,
  devices: deviceLabels,
  deviceGroups: deviceGroupLabels,
  users: userLabels,
  apiKeys: apiKeyLabels,
  gallery: galleryLabels,
  content: contentLabels,
  playlists: playlistLabels,
  campaigns: campaignLabels,
  reports: reportLabels,
  screens: screenLabels,
  profile: profileLabels,
  history: historyLabels,
  layouts: layoutLabels,
  notFound: notFoundLabels,
  pageError: pageErrorLabels,
} as const;
