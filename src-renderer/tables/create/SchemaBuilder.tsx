/**
 * Fields of a new table as an editable tree: name, type, nullable, a dimension for vectors, an
 * item type for lists, and nested fields for structs. Labels carry the field's position
 * ("Field 2.1 name") so every control has a unique, readable name.
 */
import type { ScalarType } from '../../common/schema/type-names';
import { SCALAR_TYPE_LABELS, SCALAR_TYPES } from '../../common/schema/type-names';
import {
  BUILDER_TYPE_LABELS,
  addChild,
  newFieldDraft,
  removeField,
  schemaProblems,
  updateField,
  type BuilderType,
  type FieldDraft,
} from './schema-builder';

export function SchemaBuilder({
  fields,
  onChange,
  showProblems,
}: {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  showProblems: boolean;
}) {
  const problems = schemaProblems(fields);
  const edit = {
    update: (id: string, patch: Partial<FieldDraft>) => onChange(updateField(fields, id, patch)),
    remove: (id: string) => onChange(removeField(fields, id)),
    addChild: (id: string) => onChange(addChild(fields, id)),
  };
  return (
    <fieldset>
      <legend>Fields</legend>
      <FieldList
        fields={fields}
        prefix=""
        edit={edit}
        problems={problems}
        showProblems={showProblems}
      />
      <button type="button" onClick={() => onChange([...fields, newFieldDraft()])}>
        Add field
      </button>
    </fieldset>
  );
}

interface Edit {
  update(id: string, patch: Partial<FieldDraft>): void;
  remove(id: string): void;
  addChild(id: string): void;
}

function FieldList({
  fields,
  prefix,
  edit,
  problems,
  showProblems,
}: {
  fields: FieldDraft[];
  prefix: string;
  edit: Edit;
  problems: Map<string, string>;
  showProblems: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <ul className="schema-fields">
      {fields.map((field, i) => {
        const label = `Field ${prefix}${i + 1}`;
        const problem = problems.get(field.id);
        // A name problem shows once typed; structure problems (duplicates, dimensions) at once.
        const show = problem && (showProblems || field.name !== '');
        return (
          <li key={field.id} className="schema-field">
            <div className="row">
              <input
                className="field-name"
                aria-label={`${label} name`}
                placeholder="name"
                value={field.name}
                aria-invalid={Boolean(show)}
                onChange={(e) => edit.update(field.id, { name: e.target.value })}
              />
              <select
                aria-label={`${label} type`}
                value={field.type}
                onChange={(e) => edit.update(field.id, { type: e.target.value as BuilderType })}
              >
                {Object.entries(BUILDER_TYPE_LABELS).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
              {field.type === 'vector' && (
                <input
                  className="dimension"
                  inputMode="numeric"
                  aria-label={`${label} dimension`}
                  placeholder="dimension"
                  value={field.dimension}
                  onChange={(e) => edit.update(field.id, { dimension: e.target.value })}
                />
              )}
              {field.type === 'list' && (
                <select
                  aria-label={`${label} item type`}
                  value={field.itemType}
                  onChange={(e) =>
                    edit.update(field.id, { itemType: e.target.value as ScalarType })
                  }
                >
                  {SCALAR_TYPES.map((t) => (
                    <option key={t} value={t}>
                      of {SCALAR_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              )}
              <label className="check">
                <input
                  type="checkbox"
                  aria-label={`${label} nullable`}
                  checked={field.nullable}
                  onChange={(e) => edit.update(field.id, { nullable: e.target.checked })}
                />
                nullable
              </label>
              {field.type === 'struct' && (
                <button
                  type="button"
                  aria-label={`Add a field inside ${label}`}
                  onClick={() => edit.addChild(field.id)}
                >
                  + nested
                </button>
              )}
              <button
                type="button"
                aria-label={`Remove ${label}`}
                onClick={() => edit.remove(field.id)}
              >
                ✕
              </button>
            </div>
            {show && (
              <span className="field-error" role="alert">
                {problem}
              </span>
            )}
            {field.type === 'struct' && (
              <FieldList
                fields={field.children}
                prefix={`${prefix}${i + 1}.`}
                edit={edit}
                problems={problems}
                showProblems={showProblems}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
