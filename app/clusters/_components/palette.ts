// Deterministic colours for the cluster map: the n-th multi-description cluster (or preview group)
// gets the n-th colour, in the list's order, so the map and the list always agree. Groups of one
// description are grey: colour marks what clustered with something else.

/** A categorical palette with neighbours far apart in hue (Tableau 10 + 2), readable on white. */
export const CLUSTER_PALETTE: readonly string[] = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#3b3b98",
  "#2ca02c",
  "#d62728",
];
export const SINGLE_COLOUR = "#a1a1aa";

/**
 * Colour per group key: keys with several members take palette colours in first-seen order of
 * `orderedKeys`; the others are grey. Colours repeat after the palette's length.
 */
export function assignColours<K>(orderedKeys: readonly K[], isMulti: (key: K) => boolean): Map<K, string> {
  const colours = new Map<K, string>();
  let next = 0;
  for (const key of orderedKeys) {
    if (colours.has(key)) continue;
    colours.set(key, isMulti(key) ? CLUSTER_PALETTE[next++ % CLUSTER_PALETTE.length]! : SINGLE_COLOUR);
  }
  return colours;
}
