import { FIRST_SCREEN_ELEMENT_ID, apiUrlKey, type FirstScreenAnswer, type FirstScreenAnswers } from '../../shared/first-screen';

let answers: FirstScreenAnswers | null | undefined;

function pageAnswers(): FirstScreenAnswers | null {
  if (answers === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
    try {
      answers = element?.textContent ? (JSON.parse(element.textContent) as FirstScreenAnswers) : null;
    } catch {
      answers = null;
    }
  }
  return answers;
}

/**
 * The API's answer to `url` that came with the page (decision 010), once: a query's `initialData`,
 * so a signed-in screen's first paint already shows its data. Taken once, because the answer
 * was true when the page was made: a query made again later (after a sign-out, or once its data
 * was dropped) asks the server.
 */
export function takeFirstScreenAnswer<T>(url: string): FirstScreenAnswer<T> | undefined {
  const all = pageAnswers();
  const key = apiUrlKey(url);
  const answer = all?.[key] as FirstScreenAnswer<T> | undefined;
  if (answer) delete all![key];
  return answer;
}

/** The body of the answer to `url` that came with the page, once; undefined when none did. */
export const takeFirstScreenData = <T>(url: string): T | undefined => takeFirstScreenAnswer<T>(url)?.body;
