import t from 'tap';
import { checkStateOf, chipsOf, removeChip, sameSelection, setChecked } from '../../client/ui/checkbox-tree/option-tree.ts';
import type { OptionRecord } from '../../shared/schemas/info.ts';

const tree: OptionRecord[] = [
  { text: 'Factory', value: 'f' },
  {
    text: 'Retail',
    value: 'r',
    childOptions: [
      { text: 'Shops', value: 'r1' },
      { text: 'Kiosks', value: 'r2' },
    ],
  },
  {
    text: 'Health',
    value: 'h',
    childOptions: [
      {
        text: 'Clinics',
        value: 'h1',
        childOptions: [
          { text: 'Dental', value: 'h1a' },
          { text: 'Eye', value: 'h1b' },
        ],
      },
      { text: 'Labs', value: 'h2' },
    ],
  },
];

t.test('ticking a parent ticks all its children; unticking it unticks them', async (t) => {
  t.same(setChecked(tree, [], 'r', true), ['r', 'r1', 'r2']);
  t.same(setChecked(tree, ['f', 'r', 'r1', 'r2'], 'r', false), ['f']);
  t.same(setChecked(tree, [], 'h', true), ['h', 'h1', 'h1a', 'h1b', 'h2'], 'grandchildren too');
});

t.test('ticking the last child ticks the parent, up through every level', async (t) => {
  t.same(setChecked(tree, ['r1'], 'r2', true), ['r', 'r1', 'r2']);
  t.same(setChecked(tree, ['h1a', 'h2'], 'h1b', true), ['h', 'h1', 'h1a', 'h1b', 'h2']);
  t.same(setChecked(tree, ['h1a'], 'h1b', true), ['h1', 'h1a', 'h1b'], 'the grandparent waits for its other child');
});

t.test('unticking one child unticks its parent and keeps the siblings', async (t) => {
  t.same(setChecked(tree, ['h', 'h1', 'h1a', 'h1b', 'h2'], 'h1a', false), ['h1b', 'h2']);
  t.same(setChecked(tree, ['r', 'r1', 'r2'], 'r1', false), ['r2']);
});

t.test('removing a chip removes it with its children or from its parent', async (t) => {
  t.same(removeChip(tree, ['f', 'r', 'r1', 'r2'], 'r'), ['f']);
  t.same(removeChip(tree, ['r1', 'h2'], 'r1'), ['h2']);
  t.same(removeChip(tree, ['stale', 'f'], 'stale'), ['f'], 'a value no longer offered can be removed');
});

t.test('chips collapse a complete parent and keep unknown values', async (t) => {
  t.same(chipsOf(tree, ['r', 'r1', 'r2', 'h1a']), [
    { value: 'r', text: 'Retail' },
    { value: 'h1a', text: 'Dental' },
  ]);
  t.same(chipsOf(tree, ['old']), [{ value: 'old', text: 'old' }]);
  t.same(
    chipsOf([], ['a', 'b']).map((chip) => chip.value),
    ['a', 'b'],
    'before the options load',
  );
});

t.test('a parent with some children ticked reads as mixed', async (t) => {
  t.equal(checkStateOf(tree, ['r1'], 'r'), 'mixed');
  t.equal(checkStateOf(tree, ['h1a'], 'h'), 'mixed');
  t.equal(checkStateOf(tree, ['r', 'r1', 'r2'], 'r'), 'checked');
  t.equal(checkStateOf(tree, [], 'r'), 'unchecked');
  t.equal(checkStateOf(tree, [], 'f'), 'unchecked');
});

t.test('selections compare by content', async (t) => {
  t.ok(sameSelection(['a', 'b'], ['b', 'a']));
  t.notOk(sameSelection(['a'], ['a', 'b']));
  t.ok(sameSelection(undefined, []));
});

t.test('unknown values already selected survive other changes', async (t) => {
  t.same(setChecked(tree, ['legacy'], 'f', true), ['f', 'legacy']);
});
