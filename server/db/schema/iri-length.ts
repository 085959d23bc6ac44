import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { IRI_MAX_LENGTH } from '../../../xapi/iri';

/**
 * The database's own guard of the IRI limit (`IRI_MAX_LENGTH`, checked on the IRI's URI form by
 * every door): an IRI's UTF-8 bytes are never more than its URI form's characters, so a stored
 * IRI fits the unique index whose entries cannot pass about 2,700 bytes, whatever the code above
 * lets through.
 */
export const iriFits = (column: PgColumn): SQL =>
  sql`octet_length(${column}) <= ${sql.raw(String(IRI_MAX_LENGTH))}`;
