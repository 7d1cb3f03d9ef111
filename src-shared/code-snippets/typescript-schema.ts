/** A JSON Arrow schema as apache-arrow constructor calls, for a TypeScript create-table. */
import type { JsonArrowField, JsonArrowSchema } from '../vocabulary/json-arrow-types';
import { arrowTypeSpec, type ArrowTypeSpec } from './arrow-types';
import { tsValue } from './literals';

const TIME_UNIT = { s: 'SECOND', ms: 'MILLISECOND', us: 'MICROSECOND', ns: 'NANOSECOND' };

function typeExpr(spec: ArrowTypeSpec, indent: string): string {
  switch (spec.id) {
    case 'null':
      return 'new arrow.Null()';
    case 'bool':
      return 'new arrow.Bool()';
    case 'utf8':
      return 'new arrow.Utf8()';
    case 'large_utf8':
      return 'new arrow.LargeUtf8()';
    case 'binary':
      return 'new arrow.Binary()';
    case 'large_binary':
      return 'new arrow.LargeBinary()';
    case 'int':
      return `new arrow.${spec.signed ? 'Int' : 'Uint'}${spec.bits}()`;
    case 'float':
      return `new arrow.Float${spec.bits}()`;
    case 'fixed_size_binary':
      return `new arrow.FixedSizeBinary(${spec.width})`;
    case 'date':
      return spec.unit === 'day' ? 'new arrow.DateDay()' : 'new arrow.DateMillisecond()';
    case 'timestamp':
      return `new arrow.Timestamp(arrow.TimeUnit.${TIME_UNIT[spec.unit]}${spec.timezone === null ? '' : `, ${tsValue(spec.timezone)}`})`;
    case 'list':
      return `new arrow.List(${fieldExpr(spec.child, indent)})`;
    case 'fixed_size_list':
      return `new arrow.FixedSizeList(${spec.size}, ${fieldExpr(spec.child, indent)})`;
    case 'struct':
      return `new arrow.Struct(${fieldList(spec.children, indent)})`;
  }
}

function metadataExpr(metadata: Record<string, string> | undefined): string | undefined {
  const entries = Object.entries(metadata ?? {});
  return entries.length === 0 ? undefined : `new Map(${tsValue(entries)})`;
}

function fieldExpr(field: JsonArrowField, indent: string): string {
  const metadata = metadataExpr(field.metadata);
  return `new arrow.Field(${tsValue(field.name)}, ${typeExpr(arrowTypeSpec(field.type), indent)}, ${field.nullable}${metadata ? `, ${metadata}` : ''})`;
}

function fieldList(fields: JsonArrowField[], indent: string): string {
  if (fields.length === 0) return '[]';
  const inner = `${indent}  `;
  return `[\n${fields.map((f) => `${inner}${fieldExpr(f, inner)},`).join('\n')}\n${indent}]`;
}

export function typescriptSchemaExpr(schema: JsonArrowSchema): string {
  const metadata = metadataExpr(schema.metadata);
  return `new arrow.Schema(${fieldList(schema.fields, '')}${metadata ? `, ${metadata}` : ''})`;
}
