import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../helper.ts';

/** RFC 4180 reading, to check that the file's quoting gives back exactly the values. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

t.test('Profile.csv: every stored field, consents, safe quoting and no formulas', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const client = await signIn(stack, member);
  const loaded = (await client.get('/api/member')).body.data;
  const saved = await client.put('/api/member', {
    ...loaded,
    firstName: '=HYPERLINK("https://evil.example")',
    lastName: '-2+3',
    companyName: '@SUM(A1), "Quoted" & Co',
    businessApplicationAreas: ['energy.ev-charging'],
    inProducts: ['networking'],
  });
  t.equal(saved.body.code, 'ok', saved.text);
  t.equal((await client.put('/api/Member/UpdateMemberSubscribe', { isSubscribe: true })).body.code, 'ok');

  const file = await client.get('/api/Member/ExportProfile');
  t.equal(file.status, 200);
  t.match(file.headers.get('content-type'), /^text\/csv; charset=utf-8/);
  t.equal(file.headers.get('content-disposition'), 'attachment; filename="Profile.csv"');
  t.equal(file.headers.get('cache-control'), 'no-store', 'personal data is not cached');
  const raw = await (
    await fetch(new URL('/api/Member/ExportProfile', stack.bffUrl), {
      headers: { cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
    })
  ).arrayBuffer();
  t.same([...new Uint8Array(raw).slice(0, 3)], [0xef, 0xbb, 0xbf], 'the bytes start with the UTF-8 byte-order mark');

  const rows = parseCsv(file.text.replace(/^\uFEFF/, ''));
  t.same(rows[0], ['Section', 'Name', 'Value', 'Date', 'Details']);
  t.ok(
    rows.every((row) => row.length === 5),
    'every row has five cells',
  );
  const value = (name: string) => rows.find((row) => row[0] === 'Member' && row[1] === name)?.[2];
  t.equal(value('First name'), `'=HYPERLINK("https://evil.example")`, 'a formula is shown as text');
  t.equal(value('Last name'), `'-2+3`);
  t.equal(value('Company name'), `'@SUM(A1), "Quoted" & Co`, 'commas and quotes survive quoting');
  t.equal(value('E-mail'), member.email);
  t.equal(value('Country/Region'), 'Germany');
  t.equal(value('Mobile number'), '15123456789');
  t.equal(value('Products of interest'), 'networking');
  t.equal(value('Receives product information'), 'yes');
  t.equal(value('Permanent deletion date'), '');
  t.match(value('Registered at'), /^\d{4}-\d\d-\d\dT/);
  t.notOk(
    rows.some((row) => row.some((cell) => cell.includes('$argon2'))),
    'no password hash',
  );
  t.ok(
    rows.some((row) => row[0] === 'Consent given at registration' && row[1] === 'global-policy'),
    'consents given at registration',
  );
  t.ok(
    rows.some((row) => row[0] === 'Consent change' && row[1] === 'subscribe' && row[2] === 'yes' && /source my-account/.test(row[4]!)),
    'consent changes with source',
  );
  const cells = rows.flat();
  t.notOk(
    cells.some((cell) => /^[=+\-@]/.test(cell)),
    'no cell starts a formula',
  );

  const anonymous = createClient(stack.bffUrl);
  t.equal((await anonymous.get('/api/Member/ExportProfile')).status, 401);
});
