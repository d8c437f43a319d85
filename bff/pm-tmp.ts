import { readFileSync } from 'node:fs';
import { RankedSetOfAnswer } from './src/answer-cache/personal-ranks';
import { PersonalTemplate } from './src/answer-cache/personal-template';
const ans = JSON.parse(readFileSync('/tmp/ff2.json','utf8'));
const values: any = { climate: 3, exec_pay: 7, lobbying: 0, tax: 10, price_inflation: 4, repurchases: 2, diverse_rep: 9, pay_gap: 1, net_neutrality: 5 };
const set = new RankedSetOfAnswer(ans); const tpl = PersonalTemplate.ofIndustry(ans);
function bench(name: string, f: () => unknown) { for (let i=0;i<3000;i++) f(); const t=process.hrtime.bigint(); const N=30000; for (let i=0;i<N;i++) f(); console.log(name, Number(process.hrtime.bigint()-t)/N/1000); }
const p = set.weigh(values);
bench('weigh', () => set.weigh(values));
bench('render', () => tpl.render(p));
