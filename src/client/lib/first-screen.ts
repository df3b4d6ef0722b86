import { FIRST_SCREEN_ELEMENT_ID, apiUrlKey, type FirstScreenAnswer, type FirstScreenAnswers } from '../../shared/first-screen';

let answers: FirstScreenAnswers | null | undefined;

/**
 * The server render's answers (decision 010): the same answers the page carries, given to the
 * screens while the server renders them, so the HTML and the hydration start from one data set.
 * The render is synchronous, so no other render can read them in between.
 */
export function renderWithFirstScreenAnswers<T>(given: FirstScreenAnswers, render: () => T): T {
  answers = given;
  try {
    return render();
  } finally {
    answers = undefined;
  }
}

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
 * The API's answer to `url` that came with the page (decision 010): a query's `initialData`, so a
 * signed-in screen's first paint already shows its data. Only for the first screen: once it is on
 * screen (`endFirstScreen`), a query made again (after a sign-out, or once its data was dropped)
 * asks the server, because the answer was true when the page was made. Not taken away sooner:
 * React may start a render over before it shows it (a hydration in slices does), and the render
 * it shows must start from the same answers as the server's render.
 */
export function takeFirstScreenAnswer<T>(url: string): FirstScreenAnswer<T> | undefined {
  return pageAnswers()?.[apiUrlKey(url)] as FirstScreenAnswer<T> | undefined;
}

/** The first screen is on screen: the answers that came with the page are used up. */
export function endFirstScreen() {
  answers = null;
}

/** The body of the answer to `url` that came with the page, for the first screen only; undefined when none did. */
export const takeFirstScreenData = <T>(url: string): T | undefined => takeFirstScreenAnswer<T>(url)?.body;

/**
 * When the server read the answer to `url` that came with the page (its Date header), in ms: a
 * query's `initialDataUpdatedAt`, so that the server's render and the hydration count the same
 * waits ("overdue", "waiting 5 minutes") from the same moment. Undefined when none came.
 */
export function takeFirstScreenReadAt(url: string): number | undefined {
  const date = takeFirstScreenAnswer(url)?.headers?.date;
  return date ? Date.parse(date) : undefined;
}
