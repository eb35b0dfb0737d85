import { idParamsSchema } from '../../../contract/common';
import { apiErrorSchema } from '../../../contract/errors';
import { playlistDetailSchema, playlistInputSchema, playlistListSchema } from '../../../contract/playlists';
import { defineRoute } from '../../http/define-route';
import type { RouteDeps } from '../../http/route-deps';
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylists, updatePlaylist } from './playlist-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tag = 'Playlists';

export const playlistRoutes = (deps: RouteDeps) => [
  defineRoute({
    method: 'GET',
    url: '/api/playlists',
    tag,
    summary: 'Lista as playlists (com os itens: mídia, duração e ordem)',
    auth: 'user',
    apiKey: 'playlists',
    responses: { 200: playlistListSchema, 401: apiErrorSchema },
    handler: ({ user }) => listPlaylists(deps, user),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/playlists/:id',
    tag,
    summary: 'Lê uma playlist com os dados das mídias de cada item',
    auth: 'user',
    apiKey: 'playlists',
    params: idParamsSchema,
    responses: { 200: playlistDetailSchema, ...errors },
    handler: ({ user, params }) => getPlaylist(deps, user, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/playlists',
    tag,
    summary: 'Cria uma playlist; o tamanho total é calculado pelo servidor',
    auth: 'user',
    apiKey: 'playlists',
    body: playlistInputSchema,
    responses: { 201: playlistDetailSchema, ...errors },
    handler: ({ user, body }) => createPlaylist(deps, user, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/playlists/:id',
    tag,
    summary: 'Substitui os dados e os itens de uma playlist',
    auth: 'user',
    apiKey: 'playlists',
    params: idParamsSchema,
    body: playlistInputSchema,
    responses: { 200: playlistDetailSchema, ...errors },
    handler: ({ user, params, body }) => updatePlaylist(deps, user, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/playlists/:id',
    tag,
    summary: 'Remove uma playlist; dispositivos ficam sem ela, as mídias permanecem',
    auth: 'user',
    apiKey: 'playlists',
    params: idParamsSchema,
    responses: { 204: null, ...errors },
    handler: ({ user, params }) => deletePlaylist(deps, user, params.id),
  }),
];
