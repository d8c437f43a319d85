#!/usr/bin/env python3
"""
One-off rewrite (issue 17): comments cited "spec §N" and "decisions §N", documents that were not
in the repository, and "decisions §N" read like the decision records docs/decisions/000N. They
now cite docs/product/spec.md#sN and docs/product/rules.md#sN; Markdown gets relative links.
Run from the repository root; it prints the files it changed. Applied migrations are left as
they are (history), and so are the two copied documents themselves.
"""
import os
import re
import subprocess

DOC = {'spec': 'docs/product/spec.md', 'decisions': 'docs/product/rules.md'}
LABEL = {'spec': 'spec', 'decisions': 'rules'}
# "decisions §5", "Spec §2/§4", "spec §4 and §9", "decisions §1, §7", "the spec's §3", and a
# citation wrapped across comment lines ("decisions\n   * §11").
CITATION = re.compile(
    r"\b(?P<kind>[Ss]pec|[Dd]ecisions)(?P<poss>'s)?(?P<gap>[ \t]*(?:\n[ \t]*(?:\*|//|#|--)?[ \t]*)?)"
    r"§(?P<num>\d+)(?P<more>(?:(?:, ?| and | or |/)§\d+)*)"
)
MORE = re.compile(r"§(\d+)")


def replacement(markdown_dir):
    def replace(match):
        kind = match.group('kind').lower()
        gap = match.group('gap') or ' '
        nums = [match.group('num')] + MORE.findall(match.group('more') or '')
        seps = re.findall(r"(, ?| and | or |/)§\d+", match.group('more') or '')
        if markdown_dir is None:
            text = f"{DOC[kind]}#s{nums[0]}"
            for sep, num in zip(seps, nums[1:]):
                text += f"{sep}#s{num}"
        else:
            target = os.path.relpath(DOC[kind], markdown_dir)
            text = f"[{LABEL[kind]} §{nums[0]}]({target}#s{nums[0]})"
            for sep, num in zip(seps, nums[1:]):
                text += f"{sep}[§{num}]({target}#s{num})"
        # "the spec's §3" reads "the spec (docs/…#s3)"; a wrapped citation keeps its line break.
        if match.group('poss'):
            return f"{match.group('kind')} ({text})"
        return text if '\n' not in gap else gap.lstrip(' \t') + text
    return replace


def main():
    files = subprocess.check_output(['git', 'ls-files'], text=True).split('\n')
    for path in files:
        if not path or path.startswith('docs/product/') or '/db/migrations/' in path:
            continue
        if path.endswith(('package-lock.json', '.png', '.jpg', '.ico', '.woff2', '.json')):
            continue
        try:
            text = open(path, encoding='utf-8').read()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        if '§' not in text:
            continue
        markdown_dir = os.path.dirname(path) if path.endswith('.md') else None
        changed = CITATION.sub(replacement(markdown_dir), text)
        if changed != text:
            # Written beside and renamed over: a reader never sees half a file.
            with open(path + '.tmp', 'w', encoding='utf-8') as out:
                out.write(changed)
            os.chmod(path + '.tmp', os.stat(path).st_mode)
            os.replace(path + '.tmp', path)
            print(path)


if __name__ == '__main__':
    main()
