/**
 * Applicable cases the server fails today, each with the reason. They run as `it.fails`: when
 * the server is fixed the test turns red, and the entry must then be removed from this list.
 */
const NO_ROUTE = (route: string) => `no ${route} route yet (answers Unsupported, HTTP 404)`;
const SCHEMA_METADATA = NO_ROUTE('POST /v1/table/{id}/schema_metadata/update');

export const KNOWN_GAPS: Record<string, string> = {
  // table
  update_schema_metadata_nonexistent_table_must_404: SCHEMA_METADATA,
  update_schema_metadata_after_create_succeeds: SCHEMA_METADATA,
  update_schema_metadata_namespace_not_found_must_404: SCHEMA_METADATA,
};
