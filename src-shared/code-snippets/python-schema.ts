/** A JSON Arrow schema as pyarrow calls, for a Python create-table. */
import type { JsonArrowField, JsonArrowSchema } from '../vocabulary/json-arrow-types';
import { arrowTypeSpec, type ArrowTypeSpec } from './arrow-types';
import { pyValue } from './literals';

function typeExpr(spec: ArrowTypeSpec, indent: string): string {
  switch (spec.id) {
    case 'null':
      return 'pa.null()';
    case 'bool':
      return 'pa.bool_()';
    case 'utf8':
      return 'pa.string()';
    case 'large_utf8':
      return 'pa.large_string()';
    case 'binary':
      return 'pa.binary()';
    case 'large_binary':
      return 'pa.large_binary()';
    case 'int':
      return `pa.${spec.signed ? 'int' : 'uint'}${spec.bits}()`;
    case 'float':
      return `pa.float${spec.bits}()`;
    case 'fixed_size_binary':
      return `pa.binary(${spec.width})`;
    case 'date':
      return spec.unit === 'day' ? 'pa.date32()' : 'pa.date64()';
    case 'timestamp':
      return `pa.timestamp(${pyValue(spec.unit)}${spec.timezone === null ? '' : `, tz=${pyValue(spec.timezone)}`})`;
    case 'list':
      return `pa.list_(${fieldExpr(spec.child, indent)})`;
    case 'fixed_size_list':
      return `pa.list_(${fieldExpr(spec.child, indent)}, ${spec.size})`;
    case 'struct':
      return `pa.struct(${fieldList(spec.children, indent)})`;
  }
}

function metadataArg(metadata: Record<string, string> | undefined): string {
  return Object.keys(metadata ?? {}).length > 0 ? `, metadata=${pyValue(metadata)}` : '';
}

function fieldExpr(field: JsonArrowField, indent: string): string {
  return `pa.field(${pyValue(field.name)}, ${typeExpr(arrowTypeSpec(field.type), indent)}, nullable=${pyValue(field.nullable)}${metadataArg(field.metadata)})`;
}

function fieldList(fields: JsonArrowField[], indent: string): string {
  if (fields.length === 0) return '[]';
  const inner = `${indent}    `;
  return `[\n${fields.map((f) => `${inner}${fieldExpr(f, inner)},`).join('\n')}\n${indent}]`;
}

export function pythonSchemaExpr(schema: JsonArrowSchema): string {
  return `pa.schema(${fieldList(schema.fields, '')}${metadataArg(schema.metadata)})`;
}
