/**
 * The baseline of every figure: a bare node:http server, in a process of its own (as the stack's
 * processes are), answering every request with one recorded answer — the same status, headers
 * and body bytes the stack sent. Usage: tsx bare-server.ts <answer.json> <port>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const [file, port] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer;
const body = Buffer.from(answer.body, 'base64');

http
  .createServer((request, response) => {
    // Read (and drop) a request body, as any server must before answering.
    request.resume();
    response.writeHead(answer.status, answer.headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
