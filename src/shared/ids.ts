const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names nothing (404), rather than reaching the database as a type error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
