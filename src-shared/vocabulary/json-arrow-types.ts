/**
 * The JSON form of an Arrow schema (the contract's JsonArrowSchema). Kept free of apache-arrow so
 * the renderer and the spec table can reason about columns without loading Arrow.
 */
export interface JsonArrowDataType {
  type: string;
  fields?: JsonArrowField[];
  length?: number;
}
export interface JsonArrowField {
  name: string;
  nullable: boolean;
  type: JsonArrowDataType;
  metadata?: Record<string, string>;
}
export interface JsonArrowSchema {
  fields: JsonArrowField[];
  metadata?: Record<string, string>;
}
