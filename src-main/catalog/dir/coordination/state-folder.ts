/**
 * The catalog's own state inside its root: `<root>/.catalog-studio/`, which holds the state
 * tables (job records, process leases, the catalog lock). It lives in the root rather than beside
 * it so that it follows the catalog when the folder is moved or served again, with no second
 * path to configure, and so that every process serving the root shares it. That is safe because
 * LanceDB's directory namespace never treats it as a table: root tables are `<name>.lance`
 * folders and every other table is a `__manifest` row, and a dot folder is neither (a test proves
 * it with the engine and with plain LanceDB). Table locations may not point into it.
 */
export const STATE_FOLDER = '.catalog-studio';
