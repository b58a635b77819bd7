import { OptionCategory } from '../../../shared/enums.ts';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import type { OptionRecord } from '../../../shared/schemas/info.ts';
import { BUSINESS_APPLICATION_AREAS, PRODUCTS_OF_INTEREST, type OptionNode } from './option-tree.ts';

const TREES: Record<OptionCategory, OptionNode[]> = {
  [OptionCategory.BusinessApplicationAreas]: BUSINESS_APPLICATION_AREAS,
  [OptionCategory.ProductsOfInterest]: PRODUCTS_OF_INTEREST,
};

function toRecord(node: OptionNode, languageIndex: number): OptionRecord {
  const record: OptionRecord = { text: node.text[languageIndex] ?? node.text[0], value: node.value };
  if (node.children) record.childOptions = node.children.map((child) => toRecord(child, languageIndex));
  return record;
}

export function optionList(category: OptionCategory, lang: Language): OptionRecord[] {
  const languageIndex = LANGUAGES.indexOf(lang);
  return TREES[category].map((node) => toRecord(node, languageIndex));
}

function collectValues(nodes: OptionNode[], into: Set<string>): Set<string> {
  for (const node of nodes) {
    into.add(node.value);
    if (node.children) collectValues(node.children, into);
  }
  return into;
}

const VALUES: Record<OptionCategory, Set<string>> = {
  [OptionCategory.BusinessApplicationAreas]: collectValues(BUSINESS_APPLICATION_AREAS, new Set()),
  [OptionCategory.ProductsOfInterest]: collectValues(PRODUCTS_OF_INTEREST, new Set()),
};

/** Whether a stored value names an option (parent or child) of the category. */
export function isOptionValue(category: OptionCategory, value: string): boolean {
  return VALUES[category].has(value);
}
