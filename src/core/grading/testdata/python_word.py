"""Writes python-word.json: the code points Python's re matches with \\w in a str pattern (as the seed's
\\bbob\\b uses it), and those unassigned in this Python's Unicode database, as [first, last] ranges.

    python3 src/core/grading/testdata/python_word.py   (Python 3.11, as the seed)
"""
import json
import re
import sys
import unicodedata
from pathlib import Path


def ranges(test):
    out, start = [], None
    for cp in range(0x110001):
        inside = cp <= 0x10FFFF and test(chr(cp))
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            out.append([start, cp - 1])
            start = None
    return out


word = re.compile(r'\w')
Path(__file__).with_name('python-word.json').write_text(json.dumps({
    'python': sys.version.split()[0],
    'unicode': unicodedata.unidata_version,
    'word': ranges(lambda c: word.fullmatch(c) is not None),
    'unassigned': ranges(lambda c: unicodedata.category(c) == 'Cn'),
}, separators=(',', ':')) + '\n')
