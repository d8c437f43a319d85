import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Two rules of the web app's source that review alone kept missing: a function (a component
 * included) stays readable at 150 lines or fewer, its sections split into components of their own;
 * and no page writes its title: pages call useRouteTitle, which reads routes/heads.ts, so the
 * browser's title and the server's head cannot differ.
 */
const MAX_FUNCTION_LINES = 150;

const SOURCE = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function parsed(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function visit(node: ts.Node, found: (node: ts.Node) => void): void {
  found(node);
  ts.forEachChild(node, (child) => visit(child, found));
}

/** `file:line name (n lines)` for every function longer than the limit. */
function longFunctions(file: string, text?: string): string[] {
  const source = parsed(file, text);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const long: string[] = [];
  visit(source, (node) => {
    if (!ts.isFunctionLike(node) || !('body' in node) || node.body === undefined) return;
    const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
    if (lines <= MAX_FUNCTION_LINES) return;
    const name = node.name?.getText() ?? '(anonymous)';
    long.push(`${path.relative(SOURCE, file)}:${lineOf(node.getStart()) + 1} ${name} (${lines})`);
  });
  return long;
}

/** `file:line` for every call of a title hook given a string of its own. */
function writtenTitles(file: string, text?: string): string[] {
  const source = parsed(file, text);
  const written: string[] = [];
  visit(source, (node) => {
    if (!ts.isCallExpression(node) || !/^use\w*Title$/.test(node.expression.getText())) return;
    const literal = node.arguments.some(
      (argument) => ts.isStringLiteralLike(argument) || ts.isTemplateExpression(argument),
    );
    if (literal) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      written.push(`${path.relative(SOURCE, file)}:${line}`);
    }
  });
  return written;
}

describe('the web source', () => {
  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(sourceFiles(SOURCE).flatMap((file) => longFunctions(file))).toEqual([]);
  });

  it('has no page writing its own title', () => {
    const pages = sourceFiles(path.join(SOURCE, 'pages'));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.flatMap((file) => writtenTitles(file))).toEqual([]);
  });

  it('finds what it looks for', () => {
    const file = path.join(SOURCE, 'pages', 'Example.tsx');
    const body = '  x();\n'.repeat(MAX_FUNCTION_LINES - 2);
    expect(longFunctions(file, `function f() {\n${body}}\n`)).toEqual([]);
    expect(longFunctions(file, `const f = () => {\n${body}  y();\n}\n`)).toHaveLength(1);
    const titles = 'useRouteTitle([data]);\nuseRouteTitle(`About · ${name}`);\n';
    expect(writtenTitles(file, titles)).toEqual(['pages/Example.tsx:2']);
  });
});
