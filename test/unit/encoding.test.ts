import { describe, expect, it } from 'vitest';
import { decode, detectEncoding, encode, encodeShiftJis } from '../../src/notation/encoding.js';
import { parseRecord } from '../../src/notation/records.js';
import { initRules } from '../../src/rules/position.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('Shift_JIS without a dependency', () => {
  it('encodes the codes a table gives, checked by hand', () => {
    const r = encodeShiftJis('開始日時：▲７六歩△同　銀');
    expect(r.ok && [...r.value]).toEqual([
      0x8a, 0x4a, 0x8e, 0x6e, 0x93, 0xfa, 0x8e, 0x9e, 0x81, 0x46, // 開始日時：
      0x81, 0xa3, 0x82, 0x56, 0x98, 0x5a, 0x95, 0xe0, // ▲７六歩
      0x81, 0xa2, 0x93, 0xaf, 0x81, 0x40, 0x8b, 0xe2, // △同　銀
    ]);
  });

  it('keeps ASCII and half-width katakana in one byte', () => {
    const r = encodeShiftJis('+7776FU ｶﾅ');
    expect(r.ok && [...r.value]).toEqual([...'+7776FU '].map((c) => c.charCodeAt(0)).concat([0xb6, 0xc5]));
  });

  it('decodes back every character it encodes', () => {
    const text = '先手：羽生善治　後手：藤井聡太\n龍馬と杏圭全 ①Ⅱ㈱ 髙﨑';
    const r = encodeShiftJis(text);
    expect(r.ok && decode(r.value, 'shift_jis')).toBe(text);
  });

  it('writes the JIS X 0208 characters WHATWG decodes as Windows look-alikes with their codes, read back as the look-alikes', () => {
    const r = encodeShiftJis('〜‖—¬¢£−');
    expect(r.ok && [...r.value]).toEqual([0x81, 0x60, 0x81, 0x61, 0x81, 0x5c, 0x81, 0xca, 0x81, 0x91, 0x81, 0x92, 0x81, 0x7c]);
    expect(r.ok && decode(r.value, 'shift_jis')).toBe('～∥―￢￠￡－');
  });

  it('names the first character Shift_JIS cannot hold, and where', () => {
    const r = encode('ok\nfine 🙂', 'shift_jis');
    expect(!r.ok && r.error).toMatch(/^line 2, column 6: '🙂' \(U\+1F642\) has no Shift_JIS code/);
  });
});

describe('detecting the encoding', () => {
  it('takes a BOM or valid UTF-8 as UTF-8, anything else as Shift_JIS', () => {
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('utf-8');
    expect(detectEncoding(new TextEncoder().encode('手合割：平手'))).toBe('utf-8');
    const sjis = encodeShiftJis('手合割：平手');
    expect(sjis.ok && detectEncoding(sjis.value)).toBe('shift_jis');
    expect(detectEncoding(bytes(0x41, 0x42))).toBe('utf-8');
  });

  it('follows the encoding the first line declares (#KIF … encoding=, #KI2 … encoding=, \'CSA encoding=)', () => {
    const utf8 = new TextEncoder().encode('#KIF version=2.0 encoding=UTF-8\n先手：藤井聡太\n');
    const spoiled = Uint8Array.from([...utf8.subarray(0, 40), 0xff, ...utf8.subarray(40)]);
    expect(detectEncoding(spoiled)).toBe('utf-8');
    expect(decode(spoiled)).toContain('藤井聡太');
    // C3 A9 is é in UTF-8 and ﾃｩ in Shift_JIS.
    expect(detectEncoding(bytes(...[..."'CSA encoding=SHIFT_JIS\n"].map((c) => c.charCodeAt(0)), 0xc3, 0xa9))).toBe('shift_jis');
    expect(detectEncoding(bytes(...[...'#KIF version=2.0 encoding=Shift_JIS\r\n'].map((c) => c.charCodeAt(0)), 0xc3, 0xa9))).toBe('shift_jis');
    // Kifu for Windows and MyShogi declare a KI2 file as such.
    expect(detectEncoding(bytes(...[...'#KI2 version=2.0 encoding=Shift_JIS\r\n'].map((c) => c.charCodeAt(0)), 0xc3, 0xa9))).toBe('shift_jis');
  });

  it('reads a file converted to UTF-8 that still declares Shift_JIS as UTF-8', () => {
    const converted = new TextEncoder().encode('#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n');
    expect(detectEncoding(converted)).toBe('utf-8');
    expect(decode(converted)).toContain('手合割：平手');
    const real = encodeShiftJis('#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n');
    expect(real.ok && detectEncoding(real.value)).toBe('shift_jis');
  });

  it('takes UTF-8 cut short in the middle of its last character as UTF-8', () => {
    const text = new TextEncoder().encode('手合割：平手\n*最後のコメント');
    const cut = text.subarray(0, text.length - 1);
    expect(detectEncoding(cut)).toBe('utf-8');
    expect(decode(cut)).toBe('手合割：平手\n*最後のコメン\ufffd');
  });

  it('drops the BOM when decoding UTF-8', () => {
    expect(decode(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('A');
  });

  it('reads UTF-16 by its byte order mark (Notepad\'s "Unicode"), whatever encoding is asked, and writes it back as UTF-8', async () => {
    await initRules();
    const text = '手合割：平手\r\n1 ７六歩(77)\r\n';
    const le = [0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])];
    const be = [0xfe, 0xff, ...[...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff])];
    for (const file of [bytes(...le), bytes(...be)]) {
      expect(detectEncoding(file)).toBe('utf-8');
      expect(decode(file)).toBe(text);
      expect(decode(file, 'shift_jis')).toBe(text);
      const record = parseRecord(file);
      expect(record.ok && record.value.root.children.length).toBe(1);
    }
  });
});
