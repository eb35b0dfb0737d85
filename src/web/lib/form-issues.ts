import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-error';

/**
 * Shows a refused request's field issues (the server's zod paths, docs/api.md#errors) under the form's
 * fields: `['name']` on `name`, `['items', 0, 'duration']` on `items.0.duration` (react-hook-form's
 * dotted paths). With `fields`, an issue goes to the listed field its path falls under and issues
 * under no listed field are left out (the toast still says what went wrong). `aliases` name the
 * form's field of a request field kept elsewhere in the form (`partnerId` → `ads.partnerId`).
 * Returns how many were placed.
 */
export function applyServerIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields?: readonly FieldPath<T>[],
  aliases: Readonly<Record<string, FieldPath<T>>> = {},
): number {
  const issues = ApiRequestError.from(error)?.issues ?? [];
  let placed = 0;
  for (const issue of issues) {
    const sent = issue.path.join('.');
    const alias = Object.keys(aliases).find((name) => sent === name || sent.startsWith(`${name}.`));
    const path = alias ? `${aliases[alias]}${sent.slice(alias.length)}` : sent;
    const field = fields ? fields.find((f) => path === f || path.startsWith(`${f}.`)) : (path as FieldPath<T>);
    if (!field) continue;
    setError(field, { message: issue.message });
    placed += 1;
  }
  return placed;
}
