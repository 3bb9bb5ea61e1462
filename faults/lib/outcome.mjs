// What a fault's answers say, counted the same way for every fault.

/** Counts answers by status (attempts of retried creates included: a 500 on the way still counts). */
export function tally(answers) {
  const counts = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** The answers a fault must never give: a 500, a hang past the client's timeout, a 503 without Retry-After. */
export function badAnswers(answers) {
  return answers.filter(
    (a) => a.status === 500 || a.status === "hung" || (a.status === 503 && a.retryAfter === null),
  );
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
