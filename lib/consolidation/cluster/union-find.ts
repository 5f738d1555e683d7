// Disjoint sets over 0..n−1 (union by size, path halving): connected components of the
// "similarity ≥ threshold" graph, which are exactly the single-linkage clusters.

export class DisjointSets {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    this.size = new Int32Array(count).fill(1);
    for (let i = 0; i < count; i += 1) this.parent[i] = i;
  }

  find(item: number): number {
    let node = item;
    while (this.parent[node] !== node) {
      const grandparent = this.parent[this.parent[node] as number] as number;
      this.parent[node] = grandparent;
      node = grandparent;
    }
    return node;
  }

  union(a: number, b: number): void {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return;
    if ((this.size[rootA] as number) < (this.size[rootB] as number)) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA] = (this.size[rootA] as number) + (this.size[rootB] as number);
  }

  /**
   * Component label of every item: the smallest item of its component. Labels do not depend
   * on the order of the unions, so they are stable for the same input.
   */
  labels(): Int32Array {
    const count = this.parent.length;
    const smallestOfRoot = new Int32Array(count).fill(-1);
    const labels = new Int32Array(count);
    for (let i = 0; i < count; i += 1) {
      const root = this.find(i);
      if (smallestOfRoot[root] === -1) smallestOfRoot[root] = i; // i ascends: first seen is smallest
      labels[i] = smallestOfRoot[root] as number;
    }
    return labels;
  }
}
