/**
 * The CSV import's own body limit. The API's 1 MiB limit would stop a CSV of ~15,000 rows; an
 * import is parsed as a stream and written in batches, so a larger file costs time, not memory
 * for rows. 64 MiB is some 900,000 rows of email, name, phone and one more column. The multipart
 * body itself is read whole by the runtime before the route runs (up to this limit).
 */
export const LEADS_IMPORT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
