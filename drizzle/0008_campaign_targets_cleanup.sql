-- A removed screen or group used to stay in the campaigns that named it, and such a campaign could
-- not be saved again as read (its targets must exist). Keep the ids that still exist in the
-- campaign's workspace, in their order; removals now do the same as they happen.
UPDATE "campaigns" AS c SET "device_ids" = ARRAY(
  SELECT u.id FROM unnest(c."device_ids") WITH ORDINALITY AS u(id, n)
  WHERE EXISTS (SELECT 1 FROM "devices" AS d WHERE d."id" = u.id AND d."workspace_id" = c."workspace_id") ORDER BY u.n)
WHERE EXISTS (SELECT 1 FROM unnest(c."device_ids") AS u(id)
  WHERE NOT EXISTS (SELECT 1 FROM "devices" AS d WHERE d."id" = u.id AND d."workspace_id" = c."workspace_id"));--> statement-breakpoint
UPDATE "campaigns" AS c SET "group_ids" = ARRAY(
  SELECT u.id FROM unnest(c."group_ids") WITH ORDINALITY AS u(id, n)
  WHERE EXISTS (SELECT 1 FROM "device_groups" AS g WHERE g."id" = u.id AND g."workspace_id" = c."workspace_id") ORDER BY u.n)
WHERE EXISTS (SELECT 1 FROM unnest(c."group_ids") AS u(id)
  WHERE NOT EXISTS (SELECT 1 FROM "device_groups" AS g WHERE g."id" = u.id AND g."workspace_id" = c."workspace_id"));
