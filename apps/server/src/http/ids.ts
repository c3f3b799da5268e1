const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID. Ids in paths are checked before they reach a query: PostgreSQL rejects a
 * malformed uuid with an error, and the caller should see the same 404 as for any unknown id.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
