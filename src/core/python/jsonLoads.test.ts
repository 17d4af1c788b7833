/** pythonLoads and pythonDumpsExact against Python 3.11's json.loads / json.dumps; expectations printed by Python. */
import { describe, expect, it } from 'vitest';
import { PyFloat, pythonFloatRepr, pythonLoads } from './jsonLoads';
import { pythonDumpsExact } from './jsonDumps';

// [JSON number lexeme, repr(float(lexeme))], from Python 3.11 (fixed values and random bit patterns).
const FLOATS: Array<[string, string]> = [
  ['0.1', '0.1'],
  ['1e16', '1e+16'],
  ['1e15', '1000000000000000.0'],
  ['9999999999999998.0', '9999999999999998.0'],
  ['1e-5', '1e-05'],
  ['0.0001', '0.0001'],
  ['123.456', '123.456'],
  ['-0.0', '-0.0'],
  ['5e-324', '5e-324'],
  ['1.7976931348623157e308', '1.7976931348623157e+308'],
  ['2.5', '2.5'],
  ['100.0', '100.0'],
  ['1e22', '1e+22'],
  ['1.234e-7', '1.234e-07'],
  ['12345678901234567.0', '1.2345678901234568e+16'],
  ['0.30000000000000004', '0.30000000000000004'],
  ['-1.989032661366619e+244', '-1.989032661366619e+244'],
  ['7.761117632285041e+178', '7.761117632285041e+178'],
  ['3.980498358697587e-249', '3.980498358697587e-249'],
  ['-1.5432835417340557e+88', '-1.5432835417340557e+88'],
  ['1.3647584518757569e-192', '1.3647584518757569e-192'],
  ['-1.3701135617873088e-206', '-1.3701135617873088e-206'],
  ['-1.7160537630466207e+197', '-1.7160537630466207e+197'],
  ['6.294675241195386e-44', '6.294675241195386e-44'],
  ['1.0613447212142254e-202', '1.0613447212142254e-202'],
  ['4.708325160387546e+207', '4.708325160387546e+207'],
  ['6.387016158513563e-12', '6.387016158513563e-12'],
  ['-9.973130378568733e-246', '-9.973130378568733e-246'],
  ['8.779753225680271e-236', '8.779753225680271e-236'],
  ['-5.795503248498993e-228', '-5.795503248498993e-228'],
  ['-5.988180159386011e+243', '-5.988180159386011e+243'],
  ['-1.306052388527796e-147', '-1.306052388527796e-147'],
  ['-2.436117699484841e-206', '-2.436117699484841e-206'],
  ['2.233386999150174e-232', '2.233386999150174e-232'],
  ['-3.51527970626667e-203', '-3.51527970626667e-203'],
  ['1.5987381841032883e-247', '1.5987381841032883e-247'],
  ['4.6678633181812096e-36', '4.6678633181812096e-36'],
  ['-8.441872792105456e-239', '-8.441872792105456e-239'],
  ['1.9015657400796622e-144', '1.9015657400796622e-144'],
  ['7.370437700706684e+208', '7.370437700706684e+208'],
  ['-711489.833285125', '-711489.833285125'],
  ['-764415.5238432633', '-764415.5238432633'],
  ['-383036.35179613123', '-383036.35179613123'],
  ['632252.7182400627', '632252.7182400627'],
  ['-638547.240152125', '-638547.240152125'],
  ['163200.32732493244', '163200.32732493244'],
  ['277826.9378523682', '277826.9378523682'],
  ['-255204.91454853758', '-255204.91454853758'],
  ['95488.93141911575', '95488.93141911575'],
  ['-874422.0500533537', '-874422.0500533537'],
  ['123e-7', '1.23e-05'],
  ['1e-7', '1e-07'],
  ['0.001', '0.001'],
  ['0.00012', '0.00012'],
  ['1.5e300', '1.5e+300'],
  ['2e-300', '2e-300'],
  ['5e100', '5e+100'],
];

describe('pythonFloatRepr', () => {
  it.each(FLOATS)('prints %s as Python prints it', (lexeme, repr) => {
    expect(pythonFloatRepr(Number(lexeme))).toBe(repr);
  });
});

describe('pythonFloatRepr, past the finite numbers', () => {
  it('writes zero, infinities and NaN as json.dumps does', () => {
    // json.dumps([float('nan'), float('inf'), float('-inf'), 0.0, -0.0])
    expect([NaN, Infinity, -Infinity, 0, -0].map(pythonFloatRepr).join(', ')).toBe(
      'NaN, Infinity, -Infinity, 0.0, -0.0',
    );
  });
});

describe('pythonLoads', () => {
  it('reads any JSON whitespace between tokens, empty containers, escapes and every number form', () => {
    const text =
      ' \t{\n\r"a" :\t[ 1 ,\r\n-12 , 1E2,-1.5e-3 , 0.25e+2 ,[ ],{\t},[[ 7 ]]] ,"b\\\\":"q\\"\\\\" , "c":123456789012345678901234567890}\n';
    // print(json.dumps(json.loads(text), indent=1))
    expect(pythonDumpsExact(pythonLoads(text), 1)).toBe(
      '{\n "a": [\n  1,\n  -12,\n  100.0,\n  -0.0015,\n  25.0,\n  [],\n  {},\n  [\n   [\n    7\n   ]\n  ]\n ],\n "b\\\\": "q\\"\\\\",\n "c": 123456789012345678901234567890\n}',
    );
  });

  it.each([' ', '\t', '\n', '\r'])('skips %j before and inside a value', (blank) => {
    expect(
      pythonLoads(`${blank}[${blank}1${blank},${blank}{${blank}"k"${blank}:${blank}true${blank}}${blank}]`),
    ).toEqual([1n, new Map([['k', true]])]);
    expect(pythonLoads(`${blank}{${blank}}`)).toEqual(new Map());
    expect(pythonLoads(`[${blank}]`)).toEqual([]);
  });

  it('says where it met something that is not JSON', () => {
    expect(() => pythonLoads('x')).toThrow('not JSON at offset 0');
    expect(() => pythonLoads('[1, +2]')).toThrow('not JSON at offset 4');
  });

  it("keeps the file's key order, integer-like keys included, and a repeated key's first place and last value", () => {
    const value = pythonLoads('{"b": 1, "10": 2, "2": 3, "b": 4}') as Map<string, unknown>;
    expect([...value.entries()]).toEqual([
      ['b', 4n],
      ['10', 2n],
      ['2', 3n],
    ]);
  });

  it('keeps every digit of an integer and tells floats from integers', () => {
    expect(pythonLoads('[9007199254740993, -0, 1.0, 1e2, 0]')).toEqual([
      9007199254740993n,
      0n,
      new PyFloat(1),
      new PyFloat(100),
      0n,
    ]);
  });

  it('reads strings with escapes, nested values and literals', () => {
    expect(pythonLoads(' {"a\\"\\u00e9": [true, false, null, "x\\n"], "o": {}} ')).toEqual(
      new Map<string, unknown>([
        ['a"é', [true, false, null, 'x\n']],
        ['o', new Map()],
      ]),
    );
  });
});
