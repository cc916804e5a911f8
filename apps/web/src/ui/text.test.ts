import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { escapeHtml, isDeleteWord, readableAddresses, senderName, textToHtml } from './text.ts';

describe('isDeleteWord', () => {
  it('accepts delete, Delete and DELETE only', () => {
    expect(['delete', 'Delete', 'DELETE', ' Delete '].map(isDeleteWord)).toEqual([true, true, true, true]);
    expect(['', 'del', 'deleted', 'remove'].map(isDeleteWord)).toEqual([false, false, false, false]);
  });
});

describe('textToHtml', () => {
  it('escapes markup and keeps line breaks', () => {
    expect(textToHtml('a <b>\nc')).toBe('a &lt;b&gt;<br>c');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });

  it('turns web addresses into links without trailing punctuation', () => {
    const html = textToHtml('Open https://x.test/register/admin/email=a@b.com&token=t1. Thanks');
    expect(html).toBe(
      'Open <a href="https://x.test/register/admin/email=a@b.com&amp;token=t1">https://x.test/register/admin/email=a@b.com&amp;token=t1</a>. Thanks',
    );
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=1+1', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,\r\n');
  });
});

describe('readableAddresses', () => {
  it('shows a sender without the quotes around its name', () => {
    expect(readableAddresses('"Jane Doe" <jane@client.example>')).toBe('Jane Doe <jane@client.example>');
    expect(readableAddresses('"Doe, Jane" <jane@x.example>, bob@y.example')).toBe(
      'Doe, Jane <jane@x.example>, bob@y.example',
    );
    expect(readableAddresses('"Jane \\"JD\\" Doe" <jd@x.example>')).toBe('Jane "JD" Doe <jd@x.example>');
    expect(readableAddresses('jane@client.example')).toBe('jane@client.example');
  });

  it('names the sender, or gives the address when there is no name', () => {
    expect(senderName('"Jane Doe" <jane@client.example>')).toBe('Jane Doe');
    expect(senderName('jane@client.example')).toBe('jane@client.example');
  });
});
