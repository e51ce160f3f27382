/**
 * `Object.keys` and `Object.entries` of a declaration table (a literal object whose keys are
 * exactly K), typed by those keys. Only for tables declared in this code base: an object of a
 * wider type could carry keys beyond K.
 */
export function keysOf<K extends string>(table: Readonly<Record<K, unknown>>): K[] {
  // cast: the table is a literal declaration with exactly the keys K (see above), and Object.keys of it lists those keys
  return Object.keys(table) as K[];
}

export function entriesOf<K extends string, V>(table: Readonly<Record<K, V>>): Array<[K, V]> {
  // cast: the table is a literal declaration with exactly the keys K (see above), each holding a V
  return Object.entries(table) as Array<[K, V]>;
}
