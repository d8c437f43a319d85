import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { BffModule } from '../app.module';
import { openApiDocument } from './openapi-document';
import { controllersOf } from '../../test/support/controllers';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * What the web app sends and reads on three endpoints, checked against a client generated from
 * the document by openapi-typescript: the document's answers must be what the pages read (the
 * company page's 200 and 204, the industry page, saving priorities with its body), and none may
 * be `never` (an answer without a schema).
 */
const CHECK = `
import type { paths } from './api';
import type { api } from '${path.join(repoRoot, 'web', 'src', 'api', 'endpoints')}';

type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? R[S] : never) : never;
type Body<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Described<T> = [T] extends [never] ? false : unknown extends T ? false : true;

type Company = Json<Answer<'/api/primary/{market}/{industry}/{company}', 'get', 200>>;
type NoCompany = Answer<'/api/primary/{market}/{industry}/{company}', 'get', 204>;
type Industry = Json<Answer<'/api/companies/{market}/{industry}', 'get', 200>>;
type Saved = Json<Answer<'/api/priorities', 'put', 200>>;
type Values = Body<'/api/priorities', 'put'>;

export const described: [true, true, true, true, true] = [
  true as Described<Company>,
  true as Described<NoCompany>,
  true as Described<Industry>,
  true as Described<Saved>,
  true as Described<Values>,
];
export const noCompanyHasNoBody: NoCompany extends { content?: never } ? true : false = true;

declare const company: Company;
declare const industry: Industry;
declare const saved: Saved;
declare const sent: Parameters<typeof api.savePriorities>[0];
export const companyPage: Awaited<ReturnType<typeof api.company>> = company;
export const industryPage: Awaited<ReturnType<typeof api.industryCompanies>> = industry;
export const savedPriorities: Awaited<ReturnType<typeof api.savePriorities>> = saved;
export const prioritiesBody: Values = sent;
`;

/** The diagnostics of each of these files, type-checked together as the web app is. */
function diagnosticsOf(files: string[]): Map<string, string[]> {
  const web = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, 'web', 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (web === undefined) throw new Error('web/tsconfig.json could not be read');
  // The web app's ambient types (import.meta.env) come with it.
  const ambient = web.fileNames.filter((file) => file.endsWith('.d.ts'));
  const program = ts.createProgram([...files, ...ambient], { ...web.options, noEmit: true });
  const found = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? 'the program';
    found.set(file, [
      ...(found.get(file) ?? []),
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    ]);
  }
  return found;
}

describe('a TypeScript client generated from the OpenAPI document', () => {
  let directory: string;
  let diagnostics: Map<string, string[]>;
  const file = (name: string) => path.join(directory, name);

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'upright-openapi-client-'));
    const document = openApiDocument(controllersOf(BffModule), {
      session: 'upright_session',
      csrf: 'upright_csrf',
    });
    writeFileSync(file('openapi.json'), JSON.stringify(document));
    execFileSync(
      path.join(repoRoot, 'node_modules', '.bin', 'openapi-typescript'),
      [file('openapi.json'), '--output', file('api.d.ts')],
      { stdio: 'pipe' },
    );
    writeFileSync(file('check.ts'), CHECK);
    // The same check with the industry page reading another endpoint's answer: it must fail.
    writeFileSync(
      file('wrong.ts'),
      CHECK.replace(
        "'/api/companies/{market}/{industry}', 'get', 200",
        "'/api/active', 'get', 200",
      ),
    );
    diagnostics = diagnosticsOf([file('check.ts'), file('wrong.ts')]);
  }, 180_000);

  afterAll(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it("type-checks against the web app's use of the company, industry and priorities calls", () => {
    expect(Object.fromEntries(diagnostics)).toEqual({
      [file('check.ts')]: [],
      [file('wrong.ts')]: [expect.stringContaining('IndustryCompaniesResponse')],
    });
  });
});
