import { ISSUES } from '@upright/contracts';

/** Where the figures come from, in a phrase (the footer's disclaimer names the same). */
export const SOURCES_PHRASE = 'regulators, NGOs, news media and company self-reporting';

/** The issues in running text: "climate, US lobbying, … and net neutrality". */
export function issuesPhrase(
  labels: readonly string[] = ISSUES.map((issue) => issue.label),
): string {
  const words = labels.map((label) => (/^[A-Z]{2}/.test(label) ? label : lowerFirst(label)));
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "1 company" / "212 companies". */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
