#!/usr/bin/env python3
"""Writes the deep-nesting seeds of one fuzz target into its corpus folder (issue 17).

    deep-seeds.py strings|stringsdict|catalog|pbxproj|hostile-codes|xliff-import CORPUS_FOLDER

Each reader gets input nested 50,000 deep in every form it reads (which overflowed the stack
before the readers refused nesting deeper than 512 levels, 200 for project files), the same just
past the limit, and for the property-list readers binary plists whose shared containers expand
without bound or hold themselves. Tests/TestSupport/DeepInputs.swift makes the same inputs for
the tests. The seeds are named deep-*, so writing them twice changes nothing.
"""
import os
import struct
import sys

DEEP = 50_000
JUST_PAST = 513  # one level past the property-list and catalog limit (512)

XML_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n')


def xml(depth, array=False):
    if array:
        body = '<key>k</key>' + '<array>' * depth + '</array>' * depth
    else:
        body = '<key>k</key><dict>' * depth + '</dict>' * depth
    return (XML_HEAD + body + '\n</dict>\n</plist>\n').encode()


def old_style(depth):
    return ('{ k = ' + '{ a = ' * depth + 'b;' + ' };' * depth + ' }\n').encode()


def binary(objects, top):
    out = bytearray(b'bplist00')
    offsets = []
    for obj in objects:
        offsets.append(len(out))
        out += obj
    table = len(out)
    for offset in offsets:
        out += struct.pack('>I', offset)
    out += bytes(6) + bytes([4, 4]) + struct.pack('>QQQ', len(objects), top, table)
    return bytes(out)


def binary_deep(depth):
    objects = [b'\x51k'] + [b'\xD1' + struct.pack('>II', 0, level + 2) for level in range(depth)] + [b'\xD0']
    return binary(objects, 1)


def binary_shared(levels):
    objects = [b'\x51a', b'\x51b']
    objects += [b'\xD2' + struct.pack('>IIII', 0, 1, level + 3, level + 3) for level in range(levels)]
    return binary(objects + [b'\x51x'], 2)


def binary_cycle():
    return binary([b'\x51k', b'\xD1' + struct.pack('>II', 0, 1)], 1)


def plist_seeds():
    return {
        'xml-dict': xml(DEEP),
        'xml-array': xml(DEEP, array=True),
        'xml-just-past': xml(JUST_PAST - 1),
        'xml-utf16': b'\xff\xfe' + xml(DEEP).decode().replace('UTF-8', 'UTF-16').encode('utf-16-le'),
        'binary': binary_deep(DEEP),
        'binary-just-past': binary_deep(JUST_PAST),
        'binary-shared': binary_shared(30),
        'binary-cycle': binary_cycle(),
    }


def seeds(target, root):
    if target == 'stringsdict':
        found = plist_seeds()
        found['old-style'] = old_style(DEEP)
        return found
    if target == 'strings':
        found = plist_seeds()
        found['text-dict'] = ('"k" = ' + '{ a = ' * DEEP).encode()
        found['text-array'] = ('"k" = ' + '(' * DEEP + ')' * DEEP + ';\n').encode()
        return found
    if target in ('catalog', 'hostile-codes'):
        entry = '{"sourceLanguage":"en","strings":{"a":{"x":'
        return {
            'arrays': b'[' * DEEP + b']' * DEEP,
            'objects': (entry + '{"k":' * DEEP + '1' + '}' * DEEP + '}},"version":"1.0"}').encode(),
            'objects-just-past': (entry + '{"k":' * (JUST_PAST - 3) + '1' + '}' * (JUST_PAST - 3) + '}},"version":"1.0"}').encode(),
        }
    if target == 'pbxproj':
        with open(os.path.join(root, 'Samples/LegacyApp/LegacyApp.xcodeproj/project.pbxproj'), encoding='utf-8') as f:
            sample = f.read()
        marker = '\tobjectVersion = '
        dictionaries = '\tdeep = ' + '{a = ' * DEEP + 'b' + '; }' * DEEP + ';\n'
        arrays = '\tdeep = ' + '(' * DEEP + ')' * DEEP + ';\n'
        # Groups chained 5,000 deep above the sample's app group (the path resolver recursed
        # once per group and overflowed the stack at about 2,000).
        main_children = '\t\t\t\t5C1A00050000000000000024 /* LegacyApp */,\n'
        chain = ''.join('\t\tC%023d = {isa = PBXGroup; children = (%s, ); sourceTree = "<group>"; };\n'
                        % (i, 'C%023d' % (i + 1) if i + 1 < 5000 else '5C1A00050000000000000024') for i in range(5000))
        chained = sample.replace(main_children, '\t\t\t\tC%023d,\n' % 0, 1)
        chained = chained.replace('/* Begin PBXGroup section */\n', '/* Begin PBXGroup section */\n' + chain, 1)
        return {
            'dictionaries': sample.replace(marker, dictionaries + marker, 1).encode(),
            'arrays': sample.replace(marker, arrays + marker, 1).encode(),
            'group-chain': chained.encode(),
        }
    if target == 'xliff-import':
        head = '<xliff version="1.2"><file original="App/Localizable.xcstrings" target-language="de"><body>'
        unit = '<trans-unit id="button.save"><source>Save</source><target>Speichern</target></trans-unit>'
        tail = '</body></file></xliff>\n'
        return {
            # 10,000 nested groups overflowed the stack of the reader (issue 40, item 1).
            'groups': (head + '<group>' * DEEP + unit + '</group>' * DEEP + tail).encode(),
            'groups-just-past': (head + '<group>' * (JUST_PAST - 3) + unit + '</group>' * (JUST_PAST - 3) + tail).encode(),
            'skipped': (head + '<trans-unit id="Quit"><alt-trans>' + '<x>' * DEEP + '</x>' * DEEP
                        + '</alt-trans></trans-unit>' + tail).encode(),
            'marks': (head + '<trans-unit id="Quit"><source>' + '<mrk mtype="x">' * DEEP + 'a' + '</mrk>' * DEEP
                      + '</source></trans-unit>' + tail).encode(),
        }
    raise SystemExit('unknown target ' + target)


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    target, corpus = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    os.makedirs(corpus, exist_ok=True)
    for name, data in seeds(target, root).items():
        with open(os.path.join(corpus, 'deep-' + name), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
