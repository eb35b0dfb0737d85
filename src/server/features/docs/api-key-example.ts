/**
 * The script of the OpenAPI description (and README): push a new image into a playlist with an API
 * key. `api-key-auth.test.ts` makes exactly these calls and checks a paired TV's manifest.
 * `PUT /api/playlists/{id}` replaces the playlist, so the script reads it, appends and sends it back.
 */
export const PUSH_IMAGE_EXAMPLE = `# Chave com Mídias e Playlists em "Leitura e escrita"
SINALIZE=https://sinalize.example.com
KEY=snz_...
PLAYLIST=7

# 1. Envia a imagem (multipart, campo "file"); a resposta traz o id da mídia
MEDIA_ID=$(curl -sf -H "Authorization: Bearer $KEY" \\
  -F "file=@promo.jpg;type=image/jpeg" "$SINALIZE/api/media/upload" | jq .id)

# 2. Lê a playlist e 3. grava de volta com a nova imagem no fim (10 s na tela)
curl -sf -H "Authorization: Bearer $KEY" "$SINALIZE/api/playlists/$PLAYLIST" \\
  | jq --argjson m "$MEDIA_ID" '{name, description, startDate, durationDays,
      items: ([.items[] | {mediaId, duration}] + [{mediaId: $m, duration: 10}])}' \\
  | curl -sf -X PUT -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
      --data @- "$SINALIZE/api/playlists/$PLAYLIST"
# As TVs com essa playlist recebem a imagem assim que ela fica pronta (miniatura gerada).`;

/**
 * The second script of the OpenAPI description: the day's specials into a ticker (docs/content.md).
 * `PUT /api/media/{id}` replaces a content item's options, so the script reads the item, changes
 * only its lines and sends the options back. `ticker-script.test.ts` runs it as written.
 */
export const TICKER_LINES_EXAMPLE = `# Chave com Mídias em "Leitura e escrita"
SINALIZE=https://sinalize.example.com
KEY=snz_...
TICKER=12

# Lê o letreiro e grava de volta com as frases de hoje (as outras opções ficam como estão)
curl -sf -H "Authorization: Bearer $KEY" "$SINALIZE/api/media" \\
  | jq --argjson id "$TICKER" '.[] | select(.id == $id)
      | {options: (.options + {lines: ["Prato do dia: feijoada", "Sobremesa: pudim de leite"]})}' \\
  | curl -sf -X PUT -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
      --data @- "$SINALIZE/api/media/$TICKER"
# As TVs que mostram o letreiro recebem as frases novas em menos de um segundo.`;
