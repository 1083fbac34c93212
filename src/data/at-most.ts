/**
 * Settles when `work` does or after `ms`, whichever comes first: a wait that must not hold the
 * user up for long (a slow store, a server that does not answer, a screen that takes to draw).
 */
export function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work.then(() => undefined), late]).finally(() => clearTimeout(timer));
}
