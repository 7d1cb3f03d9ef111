/** Table data routes: count, insert, merge-insert, update, delete, query, explain and analyze. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../../src-shared/vocabulary/errors';
import { normalizeEnum } from '../http/enums';
import { branchOf, queryBool, queryInt, queryString, queryStrings } from '../http/query-params';
import { queryRequestOf, toQueryRequest } from '../http/query-request';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute, RawReply } from '../route';
import { arrowReply, cutWhenStalled } from '../http/arrow-reply';
import type { ServerState } from '../server-state';
import { idleTimeoutOf } from '../server-options';

export function registerTableDataRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.countTableRows, async ({ body, query, openTable }) => {
    const handle = await openTable();
    const predicate = body.predicate ?? queryString(query, 'predicate');
    const branch = branchOf(body, query);
    const version = body.version || queryInt(query, 'version', 1);
    return handle.countRows({
      ...(predicate ? { filter: predicate } : {}),
      ...(branch ? { branch } : {}),
      ...(version ? { version } : {}),
    });
  });

  defineRoute(app, state, REST.insertIntoTable, async ({ arrow, query, openTable }) => {
    const mode = normalizeEnum(
      queryString(query, 'mode'),
      ['append', 'overwrite'] as const,
      'mode',
    );
    const branch = queryString(query, 'branch');
    const handle = await openTable();
    const result = await handle.insert(arrow, {
      ...(mode ? { mode } : {}),
      ...(branch ? { branch } : {}),
    });
    return { num_inserted_rows: result.numRows, version: result.version };
  });

  defineRoute(app, state, REST.mergeInsertIntoTable, async ({ arrow, query, openTable }) => {
    const on = queryStrings(query, 'on');
    if (on.length === 0) throw errors.InvalidInput('merge_insert needs the query parameter on');
    const handle = await openTable();
    const matchedFilter = queryString(query, 'when_matched_update_all_filt');
    const sourceDeleteFilter = queryString(query, 'when_not_matched_by_source_delete_filt');
    const branch = queryString(query, 'branch');
    const result = await handle.mergeInsert(arrow, {
      on,
      whenMatchedUpdateAll: queryBool(query, 'when_matched_update_all') ?? false,
      ...(matchedFilter ? { whenMatchedUpdateAllFilter: matchedFilter } : {}),
      whenNotMatchedInsertAll: queryBool(query, 'when_not_matched_insert_all') ?? false,
      whenNotMatchedBySourceDelete: queryBool(query, 'when_not_matched_by_source_delete') ?? false,
      ...(sourceDeleteFilter ? { whenNotMatchedBySourceDeleteFilter: sourceDeleteFilter } : {}),
      ...(branch ? { branch } : {}),
    });
    return {
      version: result.version,
      num_inserted_rows: result.numInsertedRows,
      num_updated_rows: result.numUpdatedRows,
      num_deleted_rows: result.numDeletedRows,
    };
  });

  defineRoute(app, state, REST.updateTable, async ({ body, openTable }) => {
    const handle = await openTable();
    const result = await handle.update({
      updates: Object.fromEntries(body.updates),
      ...(body.predicate ? { filter: body.predicate } : {}),
      ...(body.branch ? { branch: body.branch } : {}),
    });
    // The contract names it updated_rows; LanceDB's remote client reads rows_updated.
    return {
      updated_rows: result.numRows,
      rows_updated: result.numRows,
      version: result.version,
    };
  });

  defineRoute(app, state, REST.deleteFromTable, async ({ body, openTable }) => {
    const handle = await openTable();
    const result = await handle.delete(body.predicate, body.branch ? { branch: body.branch } : {});
    return { num_deleted_rows: result.numRows, version: result.version };
  });

  defineRoute(app, state, REST.queryTable, async ({ body, request, openTable }) => {
    const handle = await openTable();
    const answer = await arrowReply(request, await handle.queryStream(queryRequestOf(body)));
    if (answer.body instanceof Readable) {
      cutWhenStalled(request.raw.socket, answer.body, idleTimeoutOf(state));
    }
    return new RawReply(200, answer.body, answer.contentType);
  });

  defineRoute(app, state, REST.explainTableQueryPlan, async ({ body, openTable }) => {
    const handle = await openTable();
    return handle.explainPlan(toQueryRequest(body.query ?? {}), {
      verbose: body.verbose ?? false,
    });
  });

  defineRoute(app, state, REST.analyzeTableQueryPlan, async ({ body, openTable }) => {
    const handle = await openTable();
    return handle.explainPlan(toQueryRequest(body), { analyze: true });
  });
}
