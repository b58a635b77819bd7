import type { OptionRecord } from '../../../shared/schemas/info.ts';

/**
 * Selection rules of the products / business-area multi-selects (spec section 4): ticking a
 * parent ticks or unticks all its children, a parent is ticked exactly when all its children
 * are, and removing a chip removes it with its children or its parent. A selection is the
 * list of ticked values, parents included.
 */

interface Node {
  option: OptionRecord;
  parent?: Node;
  children: Node[];
}

function index(tree: readonly OptionRecord[]): Map<string, Node> {
  const nodes = new Map<string, Node>();
  const visit = (option: OptionRecord, parent?: Node) => {
    const node: Node = { option, parent, children: [] };
    nodes.set(option.value, node);
    parent?.children.push(node);
    for (const child of option.childOptions ?? []) visit(child, node);
  };
  for (const option of tree) visit(option);
  return nodes;
}

function descendantsOf(node: Node): string[] {
  return node.children.flatMap((child) => [child.option.value, ...descendantsOf(child)]);
}

/** Walks up from a changed node: each ancestor is ticked exactly when all its children are. */
function settleAncestors(node: Node, selected: Set<string>): void {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.children.every((child) => selected.has(child.option.value))) selected.add(parent.option.value);
    else selected.delete(parent.option.value);
  }
}

/** Keeps the tree's order, so equal selections compare equal. */
function ordered(tree: readonly OptionRecord[], selected: Set<string>, unknown: readonly string[]): string[] {
  const values = [...index(tree).keys()].filter((value) => selected.has(value));
  return [...values, ...unknown.filter((value) => selected.has(value))];
}

export function setChecked(tree: readonly OptionRecord[], selection: readonly string[], value: string, checked: boolean): string[] {
  const nodes = index(tree);
  const node = nodes.get(value);
  const selected = new Set(selection);
  const unknown = selection.filter((item) => !nodes.has(item));
  if (!node) {
    if (!checked) selected.delete(value);
    return ordered(tree, selected, unknown);
  }
  for (const item of [value, ...descendantsOf(node)]) {
    if (checked) selected.add(item);
    else selected.delete(item);
  }
  settleAncestors(node, selected);
  return ordered(tree, selected, unknown);
}

/** Removing a chip is unticking it: its children go with it, and its parent is no longer complete. */
export function removeChip(tree: readonly OptionRecord[], selection: readonly string[], value: string): string[] {
  return setChecked(tree, selection, value, false);
}

export type CheckState = 'checked' | 'unchecked' | 'mixed';

export function checkStateOf(tree: readonly OptionRecord[], selection: readonly string[], value: string): CheckState {
  const node = index(tree).get(value);
  const selected = new Set(selection);
  if (selected.has(value)) return 'checked';
  if (!node || node.children.length === 0) return 'unchecked';
  return descendantsOf(node).some((item) => selected.has(item)) ? 'mixed' : 'unchecked';
}

export interface Chip {
  value: string;
  text: string;
}

/**
 * The chips shown for a selection: a ticked parent stands for its children, so they get no
 * chip of their own. Values no longer in the tree keep a chip with their raw value.
 */
export function chipsOf(tree: readonly OptionRecord[], selection: readonly string[]): Chip[] {
  const nodes = index(tree);
  const selected = new Set(selection);
  const chips: Chip[] = [];
  const visit = (node: Node) => {
    if (selected.has(node.option.value)) chips.push({ value: node.option.value, text: node.option.text });
    else node.children.forEach(visit);
  };
  for (const node of nodes.values()) if (!node.parent) visit(node);
  for (const value of selection) if (!nodes.has(value)) chips.push({ value, text: value });
  return chips;
}

/** Two selections hold the same values, whatever their order. */
export function sameSelection(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((value) => right.has(value));
}
