/**
 * Ids of the questions the assistant asks (issue #27): unique in this process, so an answer that
 * names an earlier question (a button of a card still on screen, a press in flight) finds nothing.
 */
let asked = 0;

/** A new question's id: "q1", "q2", … */
export function questionId(): string {
  asked += 1;
  return `q${asked}`;
}
