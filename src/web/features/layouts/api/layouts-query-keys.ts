/** The layouts' cache: the list (built-ins then the workspace's) and each layout by id; both are GET URLs. */
export const LAYOUTS_QUERY_KEY = ['/api/layouts'] as const;
export const layoutQueryKey = (id: number) => [`/api/layouts/${id}`] as const;
