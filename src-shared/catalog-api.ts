/**
 * The catalog's data contract: option and result shapes as zod schemas, with the TypeScript
 * types inferred from them. The engine, the REST server and the app's IPC all validate against
 * these, so a shape is written once. The shapes live by domain in ./catalog-api/; this module
 * gathers them, so that importers name one path.
 */
export * from './catalog-api/options';
export * from './catalog-api/query';
export * from './catalog-api/schema';
export * from './catalog-api/stats';
export * from './catalog-api/versions';
export * from './catalog-api/jobs';
