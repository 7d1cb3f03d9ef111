/**
 * The functions an expression may call: DataFusion's and Lance's scalar functions, each with the
 * rule for how large its result may be per row (output-size.ts). Aggregates, window functions,
 * table functions and anything not listed are refused by name. A function is listed under the
 * rule that bounds it:
 *
 * - `fixed`: a number, a boolean, a date or a hash: a few bytes whatever goes in.
 * - `preserving`: no larger than what goes in (case changes, trims, slices, picks, casts).
 * - `summing`: the sum of what goes in (concatenations, arrays built from values).
 * - the rest have rules of their own, because their size follows a count or a ratio that is one
 *   of their arguments (`repeat`, `lpad`, `replace`, `range`, …).
 */

export type SizeRule =
  | 'fixed'
  | 'preserving'
  | 'summing'
  | 'doubling'
  | 'repeat'
  | 'pad'
  | 'replace'
  | 'regexp_replace'
  | 'joined'
  | 'series'
  | 'resize'
  | 'levenshtein';

const GROUPS: Record<SizeRule, string> = {
  fixed:
    // numbers
    'abs acos acosh asin asinh atan atan2 atanh cbrt ceil cos cosh cot degrees exp factorial ' +
    'floor gcd isnan iszero lcm ln log log10 log2 nanvl pi pow power radians random round ' +
    'signum sin sinh sqrt tan tanh trunc ' +
    // strings measured or searched
    'ascii bit_length char_length character_length length octet_length strpos instr position ' +
    'starts_with ends_with contains find_in_set regexp_like regexp_count regexp_instr ' +
    'md5 sha224 sha256 sha384 sha512 digest uuid chr ' +
    // dates and times
    'now current_date current_time current_timestamp today date_bin date_part datepart ' +
    'date_trunc datetrunc extract from_unixtime make_date to_date to_timestamp ' +
    'to_timestamp_seconds to_timestamp_millis to_timestamp_micros to_timestamp_nanos ' +
    'to_unixtime to_local_time ' +
    // lists, tested or measured
    'array_has array_has_all array_has_any array_contains list_has list_has_all list_has_any ' +
    'array_length list_length array_ndims list_ndims array_dims list_dims cardinality ' +
    'array_empty empty list_empty array_position list_position array_indexof list_indexof ' +
    'array_max array_min list_max list_min ' +
    // Lance's own
    'contains_tokens json_exists json_get_int json_get_float json_get_bool ' +
    'json_array_contains json_array_length ' +
    // types
    'arrow_typeof isnull isnotnull',
  preserving:
    'lower upper initcap btrim trim ltrim rtrim left right substr substring substr_index ' +
    'substring_index split_part reverse translate coalesce nullif nvl nvl2 ifnull greatest ' +
    'least regexp_match decode arrow_cast get_field to_char date_format ' +
    'array_element list_element array_extract list_extract array_slice list_slice ' +
    'array_distinct list_distinct array_sort list_sort array_reverse list_reverse ' +
    'array_remove list_remove array_remove_n list_remove_n array_remove_all list_remove_all ' +
    'array_pop_back list_pop_back array_pop_front list_pop_front array_any_value ' +
    'list_any_value flatten string_to_array string_to_list array_intersect list_intersect ' +
    'array_except list_except json_extract json_get json_get_string',
  summing:
    'concat make_array make_list array_concat array_cat list_concat list_cat array_append ' +
    'list_append array_push_back list_push_back array_prepend list_prepend array_push_front ' +
    'list_push_front array_union list_union overlay named_struct struct',
  doubling: 'to_hex encode',
  repeat: 'repeat array_repeat list_repeat',
  pad: 'lpad rpad',
  replace: 'replace array_replace list_replace array_replace_all list_replace_all',
  regexp_replace: 'regexp_replace',
  joined: 'concat_ws array_to_string list_to_string array_join list_join',
  series: 'range generate_series',
  resize: 'array_resize list_resize',
  levenshtein: 'levenshtein',
};

export const ALLOWED_FUNCTIONS: ReadonlyMap<string, SizeRule> = new Map(
  (Object.entries(GROUPS) as [SizeRule, string][]).flatMap(([rule, names]) =>
    names.split(' ').map((name) => [name, rule] as const),
  ),
);
