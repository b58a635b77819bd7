import t from 'tap';
import { familyNameFirst, fullName } from '../../shared/person-name.ts';

t.test('the family name comes first in Japanese, Chinese and Korean only', async (t) => {
  t.same(
    ['en', 'zh-tw', 'zh-cn', 'ja-jp', 'ko-kr', 'es-es'].filter((lang) => familyNameFirst(lang as never)),
    ['zh-tw', 'zh-cn', 'ja-jp', 'ko-kr'],
  );
});

t.test('a full name as each language writes it', async (t) => {
  t.equal(fullName('en', 'Ada', 'Lovelace'), 'Ada Lovelace');
  t.equal(fullName('es-es', ' Ada ', 'Lovelace'), 'Ada Lovelace');
  t.equal(fullName('ja-jp', '太郎', '山田'), '山田 太郎', 'Japanese keeps a space between the two names');
  t.equal(fullName('zh-cn', '小明', '王'), '王小明', 'Chinese names in Han characters are written together');
  t.equal(fullName('zh-tw', '小明', '王'), '王小明');
  t.equal(fullName('ko-kr', '민준', '김'), '김민준', 'Korean names in Hangul are written together');
  t.equal(fullName('ko-kr', 'Ada', 'Lovelace'), 'Lovelace Ada', 'a name in Latin letters keeps its space');
  t.equal(fullName('zh-cn', '', '王'), '王', 'a missing part leaves no stray space');
});
