/**
 * Runs a schema change and brings the views up to date before the dialog closes: the table's
 * queries (describe and so its schema and version, versions, indexes, row pages whose columns
 * changed) are invalidated under the table's one prefix and refetched, so the Schema tab shows
 * the new schema the moment the dialog goes. The host's catalog:changed event does the same for
 * other windows; this does not wait for it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../../api/query-keys';
import { useCall, type Call } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import { useToasts } from '../../common/toasts';
import { useWorkspace } from '../../state/workspace';
import {
  changeSummary,
  requestFor,
  type SchemaChange,
  type SchemaChangeResult,
} from './schema-change';

function run(call: Call, ref: TableRef, change: SchemaChange): Promise<SchemaChangeResult> {
  const target = tableInput(ref);
  const request = requestFor(change);
  switch (request.name) {
    case 'columns:add':
      return call(request.name, { ...target, ...request.input });
    case 'columns:alter':
      return call(request.name, { ...target, ...request.input });
    case 'columns:drop':
      return call(request.name, { ...target, ...request.input });
  }
}

export function useSchemaChange(ref: TableRef) {
  const call = useCall();
  const client = useQueryClient();
  const toasts = useToasts();
  const ws = useWorkspace();
  return useMutation({
    mutationFn: (change: SchemaChange) => run(call, ref, change),
    onSuccess: async (result, change) => {
      await client.invalidateQueries({ queryKey: queryKeys.table(ref) });
      toasts.push('success', changeSummary(change, result));
      ws.closeDialog();
    },
  });
}
